import { MSG } from '@tz/shared/messages';
import { SHORT_SESSION_URL } from '../../playwright.config';
import { DEMO, DEMO_PASSWORD, dismissNewsPrompt, expect, expectAccessible, loginAs, test } from '../fixtures';

test('a wrong login shows "Anmeldedaten falsch"', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page);
  await page.getByLabel('E-Mail').fill(DEMO.staff);
  await page.getByLabel('Passwort').fill('falsch-falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.wrongLogin);
  await expect(page).toHaveURL(/\/login$/);
});

test('not logged in, a protected screen redirects to login', async ({ page }) => {
  await page.goto('/appointments');
  await expect(page).toHaveURL(/\/login$/);
});

const sidebar = {
  [DEMO.platform]: [
    'Termine',
    'Kunden',
    'Gruppenimport',
    'Dienstleistungen',
    'Öffnungszeiten',
    'Feiertage',
    'Testzentrumskonto',
    'Export',
    'Einstellungen',
    'Statistik',
    'Benutzerverwaltung',
    'Instant-Booking QR',
    'Neuigkeiten',
    'FAQ',
    'Centerliste',
    'Export Admin',
  ],
  [DEMO.admin]: [
    'Termine',
    'Kunden',
    'Gruppenimport',
    'Dienstleistungen',
    'Öffnungszeiten',
    'Feiertage',
    'Testzentrumskonto',
    'Export',
    'Einstellungen',
    'Statistik',
    'Benutzerverwaltung',
    'Instant-Booking QR',
    'Neuigkeiten',
    'FAQ',
  ],
  [DEMO.manager]: [
    'Termine',
    'Kunden',
    'Gruppenimport',
    'Dienstleistungen',
    'Öffnungszeiten',
    'Feiertage',
    'Statistik',
    'Benutzerverwaltung',
    'Passwort ändern',
    'Instant-Booking QR',
    'Neuigkeiten',
    'FAQ',
  ],
  [DEMO.staff]: ['Termine', 'Kunden', 'Gruppenimport', 'Passwort ändern', 'Instant-Booking QR', 'Neuigkeiten', 'FAQ'],
};

for (const [email, entries] of Object.entries(sidebar)) {
  test(`${email} lands where the spec says and sees exactly its sidebar`, async ({ page }) => {
    await loginAs(page, email);
    if (email === DEMO.platform) await expect(page).toHaveURL(/\/testcenter\/all$/);
    else await expect(page).toHaveURL(/\/$/);
    await dismissNewsPrompt(page);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link')).toHaveText(entries);
    await expect(page.getByText(/Staff-ID \d+ · v1\.83\.0/)).toBeVisible();
    await expectAccessible(page);
    // A logged-in user who opens login goes to the landing page.
    await page.goto('/login');
    await expect(page).not.toHaveURL(/\/login$/);
  });
}

test('logout clears the session and returns to login', async ({ page }) => {
  await loginAs(page, DEMO.staff);
  await dismissNewsPrompt(page);
  await page.getByRole('button', { name: /Profilmenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired session shows the message and returns to login', async ({ page }) => {
  await page.goto(`${SHORT_SESSION_URL}/login`);
  await page.getByLabel('E-Mail').fill(DEMO.staff);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(`${SHORT_SESSION_URL}/`);
  await expect(page.getByText(MSG.sessionExpired)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/login$/);
});

test('the news prompt appears and "Ansehen" opens the news', async ({ page }) => {
  await loginAs(page, DEMO.vaccinationAdmin);
  const dialog = page.getByRole('dialog', { name: 'Neuigkeiten' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Ansehen' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { name: 'Willkommen im neuen Backoffice' })).toBeVisible();
  await expect(page.getByText(/\d{2}\.\d{2}\.\d{4}/).first()).toBeVisible();
  await expectAccessible(page);
  // Seen now: after a new login the prompt stays away.
  await page.getByRole('button', { name: /Profilmenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await loginAs(page, DEMO.vaccinationAdmin);
  await expect(page.getByRole('heading', { name: /Willkommen,/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Neuigkeiten' })).toHaveCount(0);
});
