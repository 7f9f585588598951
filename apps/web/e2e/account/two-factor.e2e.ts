import type { Page } from '@playwright/test';
import { SECURITY_MSG } from '@tz/shared/messages';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, dismissNewsPrompt, E2E_NOW, expect, expectAccessible, logout, signIn, test } from '../fixtures';

/**
 * Issue 30: a person turns on the authenticator app on 'Mein Zugang' with a code computed here from the
 * secret the screen shows (as their phone would), signs out, signs in with a code, then with a recovery
 * code. Each code belongs to a moment set on the server's and the browser's clock first.
 */

const STEP = 30_000;
/** 2 s into the 30-second step n steps after E2E_NOW's: a code made for it holds for the next requests. */
const momentOf = (n: number) => Math.floor(Date.parse(E2E_NOW) / STEP) * STEP + n * STEP + 2_000;

async function clocksAt(page: Page, baseURL: string, ms: number) {
  const res = await fetch(`${baseURL}/api/test/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(ms).toISOString() }),
  });
  expect(res.ok).toBe(true);
  await page.clock.setSystemTime(ms);
}

const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: ms });

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
}

async function openMyAccess(page: Page) {
  await page.getByRole('button', { name: /Profilmenü/ }).click();
  await page.getByRole('menuitem', { name: 'Mein Zugang' }).click();
  await expect(page.getByRole('heading', { name: 'Mein Zugang', level: 1 })).toBeVisible();
}

test('turns on the authenticator app, then signs in with a code and with a recovery code', async ({
  page,
  centres,
  baseURL,
}) => {
  test.slow(); // three sign-ins and a set-up on a busy machine
  const email = centres.logins.staff;
  await signIn(page, email);
  await openMyAccess(page);
  const card = page.locator('.mantine-Card-root').filter({ hasText: 'Zwei-Faktor-Anmeldung' });
  await expect(card.getByText('Ausgeschaltet')).toBeVisible();
  const sessions = page.getByRole('table', { name: 'Angemeldete Sitzungen' });
  await expect(sessions.getByText('Diese Sitzung')).toBeVisible();
  await expect(sessions).toContainText('Chrome');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Einschalten' }).click();
  await card.getByRole('button', { name: 'Einrichtung starten' }).click();
  await expect(card.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  const secret = await card.getByLabel(/Schlüssel zum Abtippen/).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);

  const setupAt = momentOf(2);
  await clocksAt(page, baseURL!, setupAt);
  await card.getByLabel('Code aus der App').fill(codeAt(secret, setupAt));
  await card.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  const list = page.getByRole('list', { name: 'Wiederherstellungscodes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Als Textdatei herunterladen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('wiederherstellungscodes.txt');
  const saved = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(saved).toString('utf8');
  for (const c of codes) expect(text).toContain(c.trim());
  await page.getByRole('button', { name: 'Codes gesichert, weiter' }).click();
  await expect(card.getByText('Eingeschaltet')).toBeVisible();
  await expect(card.getByText('Noch 10 Wiederherstellungscodes übrig.')).toBeVisible();

  // Signed out, the password alone is not enough: a wrong code is refused, the app's current one lets in.
  await logout(page);
  await passwordStep(page, email);
  await expectAccessible(page);
  const signInAt = momentOf(4);
  await clocksAt(page, baseURL!, signInAt);
  const code = codeAt(secret, signInAt);
  await page.getByLabel(SECURITY_MSG.codeLabel).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toContainText(SECURITY_MSG.wrongCode);
  await page.getByLabel(SECURITY_MSG.codeLabel).fill(code);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await dismissNewsPrompt(page);

  // Without the phone: a recovery code, used up by this sign-in.
  await logout(page);
  await passwordStep(page, email);
  await page.getByLabel(SECURITY_MSG.codeLabel).fill(codes[0]!.trim());
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await dismissNewsPrompt(page);
  await openMyAccess(page);
  await expect(card.getByText('Noch 9 Wiederherstellungscodes übrig.')).toBeVisible();
});

test("a centre that requires it leads its users to the set-up first; an administrator's reset ends their sessions", async ({
  page,
  centres,
  baseURL,
  browser,
}) => {
  test.slow(); // two browsers and a set-up
  const centre = centres.test_centre_id;
  await signIn(page, centres.logins.platform);
  await page.goto(`/staff/${centre}/account`);
  await page.getByRole('switch', { name: 'Für alle Benutzer dieses Zentrums vorschreiben' }).click();
  await page
    .getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung vorschreiben' })
    .getByRole('button', { name: 'Ja' })
    .click();
  await expect(page.getByText('Änderung gespeichert.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Für alle Benutzer dieses Zentrums vorschreiben' })).toBeChecked();

  // The staff member, in a browser of their own: after the password only the set-up.
  const context = await browser.newContext({ baseURL });
  const staff = await context.newPage();
  const startAt = momentOf(2);
  await clocksAt(page, baseURL!, startAt);
  await staff.clock.install({ time: new Date(startAt) });
  await staff.goto('/login');
  await staff.getByLabel('E-Mail').fill(centres.logins.staff);
  await staff.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await staff.getByRole('button', { name: 'Anmelden' }).click();
  await expect(staff.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeVisible();
  await expect(staff.getByText(SECURITY_MSG.setupRequired)).toBeVisible();
  await staff.getByRole('button', { name: 'Einrichtung starten' }).click();
  const secret = await staff.getByLabel(/Schlüssel zum Abtippen/).inputValue();
  await expectAccessible(staff);
  await staff.getByLabel('Code aus der App').fill(codeAt(secret, startAt));
  await staff.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  await expect(staff.getByRole('list', { name: 'Wiederherstellungscodes' }).getByRole('listitem')).toHaveCount(10);
  await staff.getByRole('button', { name: 'Codes gesichert, weiter' }).click();
  await expect(staff).not.toHaveURL(/\/login$/);
  await expect(staff.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();

  // The administrator resets it (a lost phone): asked first, then the staff member's session is over.
  await page.goto(`/staff/${centre}/users`);
  const row = page.getByRole('row').filter({ hasText: centres.logins.staff });
  await row.getByRole('button', { name: 'Zwei-Faktor zurücksetzen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung zurücksetzen' });
  await dialog.getByRole('button', { name: 'Nein' }).click();
  await expect(row.getByRole('button', { name: 'Zwei-Faktor zurücksetzen' })).toBeVisible();
  await row.getByRole('button', { name: 'Zwei-Faktor zurücksetzen' }).click();
  await dialog.getByRole('button', { name: 'Ja, zurücksetzen' }).click();
  await expect(page.getByText(SECURITY_MSG.resetDone)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Zwei-Faktor zurücksetzen' })).toHaveCount(0);

  await staff.reload();
  await expect(staff).toHaveURL(/\/login$/);
  await context.close();
});
