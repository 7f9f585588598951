import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { expect, expectAccessible, holdRequests, logout, signIn, test } from '../fixtures';

// Login, a 30-day list and several axe runs per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function openAppointments(page: Page, email: string) {
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  // Off the sidebar: the hovered active link is the layout's concern, not this screen's.
  await page.mouse.move(700, 790);
  await expect(page.getByRole('heading', { name: 'Termine', level: 1 })).toBeVisible();
  // the first load of the 30-day window can take a while on a busy test machine
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
}

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

async function showToday(page: Page) {
  await page.getByRole('button', { name: 'Heute' }).click();
  await expect(page.getByRole('button', { name: 'Heute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(row(page, 'Erika Mustermann')).toBeVisible();
}

test('the default window shows the seeded appointments with the count; a preset narrows the list', async ({
  page,
  centres,
}) => {
  await openAppointments(page, centres.logins.admin);
  await expect(page.getByRole('button', { name: 'Ab jetzt' })).toHaveAttribute('aria-pressed', 'true');
  const defaultCount = Number((await page.getByText(/^\d+ Termine$/).textContent())?.split(' ')[0]);
  expect(defaultCount).toBeGreaterThan(150);
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);

  await showToday(page);
  const todayCount = Number((await page.getByText(/^\d+ Termine?$/).textContent())?.split(' ')[0]);
  expect(todayCount).toBeLessThan(defaultCount);
  // customer_appointment_id: 7 digits in the demo, shown as the last 6
  await expect(row(page, 'Erika Mustermann').getByText(/^Nr\. \d{6}$/)).toBeVisible();
  // the demo has upcoming visits on an inactive service: the rebook warning offers 'Umbuchen'
  const warning = page.getByRole('alert').filter({ hasText: 'inaktiven Dienstleistungen' });
  await expect(warning.getByRole('link', { name: 'Umbuchen' })).toHaveAttribute(
    'href',
    '/appointments/bulk-edit-service',
  );
});

test('an empty day says "Keine Termine gefunden"; opening the picker ends the jump to now', async ({
  page,
  centres,
}) => {
  // The list is held until the picker is open: the jump to 'now' would come after the click. Once
  // the person has taken over, it must not scroll the page (the picker would vanish with its field).
  // The list opens with the page that contains now (…/appointments/page-at), later pages from the list itself.
  const { release } = await holdRequests(page, /\/api\/staff\/\d+\/appointments(\/page-at)?$/);
  await signIn(page, centres.logins.admin);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await page.getByRole('button', { name: 'Zeitraum', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  release();
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // two months ahead lies beyond the seeded 14 days
  await page.getByRole('button', { name: 'Nächster Monat' }).click();
  await page.getByRole('button', { name: 'Nächster Monat' }).click();
  const day15 = page.getByRole('dialog').getByRole('button', { name: /^15 / });
  await day15.click();
  await day15.click();
  await expect(page.getByText(MSG.noAppointments)).toBeVisible();
  await expectAccessible(page);
});

test("'Heute' from a list opened at now shows the day from its first row, also when the day is cached", async ({
  page,
  centres,
}) => {
  await openAppointments(page, centres.logins.staff);
  await showToday(page);
  // Back on the screen it opens at now again, scrolled down the 30 days; today's rows are cached.
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Kunden' }).click();
  // The customers' screen loads lazily: clicked before it is there, 'Termine' would not leave this screen.
  await expect(page.getByRole('heading', { name: 'Kunden', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Termine' }).click();
  await expect(page.getByRole('button', { name: 'Ab jetzt' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Heute' }).click();
  // The cached rows were measured while the list still held the old scroll offset: the page went
  // to the end of the day, and rows at its start (Max at 09:30) were never drawn.
  await expect(page.getByRole('list', { name: 'Termine' }).locator(':scope > li[data-index="0"]')).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(row(page, 'Max Mustermann')).toBeVisible();
});

test('status toggles after a yes/no confirmation', async ({ page, centres }) => {
  await openAppointments(page, centres.logins.admin);
  await showToday(page);
  const lena = row(page, 'Lena Beispiel');
  await lena.getByRole('button', { name: 'Termin von Lena Beispiel stornieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Termin stornieren?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Nein' }).click();
  await expect(lena.getByText('Storniert')).toHaveCount(0);

  await lena.getByRole('button', { name: 'Termin von Lena Beispiel stornieren' }).click();
  await page.getByRole('dialog', { name: 'Termin stornieren?' }).getByRole('button', { name: 'Ja' }).click();
  await expect(lena.getByText('Storniert')).toBeVisible();
  await expect(lena.getByRole('button', { name: 'Termin von Lena Beispiel wieder bestätigen' })).toBeVisible();
  // persisted: a reload from the server shows the same
  await page.getByRole('button', { name: 'Neu laden' }).click();
  await expect(lena.getByText('Storniert')).toBeVisible();
});

test('check-in, classification above 30 with confirmation, then the result unlocks', async ({ page, centres }) => {
  await openAppointments(page, centres.logins.admin);
  await showToday(page);
  const erika = row(page, 'Erika Mustermann');

  const checkIn = erika.getByRole('switch', { name: 'Eingecheckt' });
  await expect(checkIn).not.toBeChecked();
  await checkIn.click({ force: true });
  await expect(checkIn).toBeChecked();
  await expect(erika.getByText('Eingecheckt', { exact: true })).toHaveCount(2); // badge and switch label

  // forced classification: the result is locked with the spec's tooltip
  const locked = erika.getByRole('button', { name: 'Ergebnis gesperrt' });
  await locked.hover();
  await expect(page.getByRole('tooltip')).toHaveText(MSG.forcedClassificationLock);

  await erika.getByRole('combobox', { name: 'Zahlungsklassifikation' }).click();
  await expect(page.getByRole('option', { name: MSG.noSelection })).toBeVisible();
  // expired windows are not offered
  await expect(page.getByRole('option', { name: /Eigenbeteiligung/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Besuch in Pflegeeinrichtungen/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Dokumentation geprüft?' });
  await expect(confirm).toContainText('Anna Admin');
  await expect(confirm).toContainText('Besuchsnachweis');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Ja, geprüft' }).click();
  await expect(erika.getByText('Geprüft von Anna Admin')).toBeVisible();
  await expect(erika.getByText('Nur mit geprüftem Besuchsnachweis abrechenbar.')).toBeVisible();

  await erika.getByRole('button', { name: 'Ergebnis eintragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ergebnis eintragen' });
  await dialog.getByRole('radio', { name: 'Positiv' }).check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(erika.getByText('Positiv', { exact: true })).toBeVisible();
  await expect(erika.getByText('Durchgeführt')).toBeVisible();
});

test('a result is entered for a self-payer without classification', async ({ page, centres }) => {
  await openAppointments(page, centres.logins.staff);
  await showToday(page);
  // role 30 gets no count
  await expect(page.getByText(/^\d+ Termine?$/)).toHaveCount(0);
  const max = row(page, 'Max Mustermann');
  await max.getByRole('button', { name: 'Ergebnis eintragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ergebnis eintragen' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('radio', { name: 'Negativ' }).check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(max.getByText('Negativ', { exact: true })).toBeVisible();
  await expect(max.getByRole('button', { name: 'Ergebnis ändern' })).toBeVisible();
});

test('the CSV download arrives and the Export button leads to the exports screen', async ({ page, centres }) => {
  await openAppointments(page, centres.logins.admin);
  await showToday(page);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV herunterladen' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^termine_\d+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Termin-Nr.;Datum;Uhrzeit;Status;Vorname;Nachname');
  expect(text).toContain('Mustermann');
  await page.getByRole('link', { name: 'Export', exact: true }).first().click();
  await expect(page).toHaveURL(/\/exports$/);
});

test('filters narrow the list', async ({ page, centres }) => {
  await openAppointments(page, centres.logins.admin);
  await showToday(page);
  // The filters are folded into one line: 'Filter' opens the selects.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Ergebnis' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Dienstleistung' }).click();
  await page.getByRole('option', { name: 'Antigen-Schnelltest Selbstzahler' }).click();
  await expect(row(page, 'Max Mustermann')).toBeVisible();
  await expect(row(page, 'Erika Mustermann')).toHaveCount(0);
  await expectAccessible(page);
});

test('a vaccination centre sees no test features', async ({ page, centres }) => {
  await openAppointments(page, centres.logins.vaccination_admin);
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Ergebnis' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'DEMIS-Status' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Ergebnis/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Zahlungsklassifikation' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Check-in' })).toBeVisible();
  await expect(page.getByRole('listitem').getByText('Geimpft', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});

test("the home screen shows today's figures", async ({ page, centres }) => {
  await signIn(page, centres.logins.manager);
  await expect(page.getByText('Termine heute')).toBeVisible();
  await expect(page.getByText('Eingecheckt')).toBeVisible();
  await expectAccessible(page);
});

test('a receipt is sent from the row after confirmation, and the QR modal opens from the row', async ({
  page,
  centres,
}) => {
  await openAppointments(page, centres.logins.admin);
  await showToday(page);
  const erika = row(page, 'Erika Mustermann');
  // No receipt yet: the copy can only fail, so it is offered disabled with the reason.
  const copy = erika.getByRole('button', { name: 'Belegkopie' });
  await expect(copy).toBeDisabled();
  await expect(copy).toHaveAttribute('title', MSG.receiptCopyNeedsReceipt);
  await expect(erika.getByText(MSG.receiptIssued)).toHaveCount(0);
  await erika.getByRole('button', { name: 'Beleg senden' }).click();
  await page.getByRole('dialog', { name: 'Beleg versenden' }).getByRole('button', { name: 'Ja' }).click();
  const prompt = page.getByRole('dialog', { name: 'Beleg versenden' });
  await expect(prompt.getByLabel('E-Mail-Adresse')).toBeVisible();
  await expectAccessible(page);
  await prompt.getByLabel('E-Mail-Adresse').fill('beleg@kunde.example');
  await prompt.getByRole('button', { name: /senden|Senden|Versenden/ }).click();
  await expect(page.getByText(MSG.receiptSent)).toBeVisible();
  await expect(page.getByText('beleg@kunde.example')).toBeVisible();
  // The row shows the receipt at once, and the copy is offered now.
  await expect(erika.getByText(MSG.receiptIssued)).toBeVisible();
  await expect(copy).toBeEnabled();

  await erika.getByRole('link', { name: /QR-Code zum Fragebogen/ }).click();
  await expect(page).toHaveURL(/\/appointments\/check-in-qr-code\//);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test.describe('a whole day in view', () => {
  // Tall enough that the virtualised list renders every row of the day at once.
  test.use({ viewport: { width: 1280, height: 6000 } });

  test('one day with a row of every state passes axe: cancelled, checked in, with warnings, positive and reported, negative', async ({
    page,
    centres,
  }) => {
    await openAppointments(page, centres.logins.admin);
    await showToday(page);
    const sven = row(page, 'Sven Storno');
    await expect(sven.getByText('Storniert')).toBeVisible();
    await expect(sven.getByText('Geprüft von Mia Mitarbeiter')).toBeVisible();
    const jan = row(page, 'Jan Probe').filter({ hasText: '10:30' });
    await expect(jan.getByRole('switch', { name: 'Eingecheckt' })).toBeChecked();
    await expect(row(page, 'Hanna Hinweis').getByText('Fragebogen mit Warnungen')).toBeVisible();
    const ralf = row(page, 'Ralf Gemeldet');
    await expect(ralf.getByText('Positiv', { exact: true })).toBeVisible();
    await expect(ralf.getByText(MSG.demisReported)).toBeVisible();
    await expect(row(page, 'Nora Negativ').getByText('Negativ', { exact: true })).toBeVisible();
    await expectAccessible(page);
    // The same day as staff (role 30), whose rows offer fewer actions.
    await logout(page);
    await openAppointments(page, centres.logins.staff);
    await showToday(page);
    await expect(row(page, 'Sven Storno').getByText('Storniert')).toBeVisible();
    await expectAccessible(page);
  });
});
