import type { Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { E2E_NOW, expect, expectAccessible, signIn, test } from '../fixtures';

async function login(page: Page, email: string) {
  await signIn(page, email);
}

/** Tomorrow in Berlin (of the pinned clock): a late slot today would lie in the past when the run is at 23:45. */
const tomorrow = () =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.parse(E2E_NOW) + 24 * 3600 * 1000));

async function narrowToTomorrow(page: Page) {
  await page.getByRole('button', { name: 'Morgen' }).click();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Dienstleistung' }).click();
  await page.getByRole('option', { name: 'Antigen-Schnelltest Selbstzahler' }).click();
}

async function pick(page: Page, label: string, option: string) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new customer with an appointment, found in the list, moved, then cancelled', async ({ page, centres }) => {
  // a long journey over five screens, each checked with axe, on a shared machine
  test.setTimeout(180_000);
  // A name the demo's random customers never have: the list must find exactly this one.
  const last = 'Neuzugang';
  await login(page, centres.logins.staff);
  await page.goto('/appointment/customer/create');
  await expect(page.getByRole('heading', { name: 'Termin und Kunde anlegen' })).toBeVisible();
  // the time defaults to a half hour
  await expect(page.getByLabel('Uhrzeit')).toHaveValue(/^\d{2}:(00|30)$/);
  await expectAccessible(page);

  await page.getByLabel('Vorname').fill('Nora');
  await page.getByLabel('Nachname').fill(last);
  await pick(page, 'Geburtstag (Tag)', '29');
  await pick(page, 'Geburtstag (Monat)', 'Februar');
  await pick(page, 'Geburtstag (Jahr)', '1992');
  await page.getByLabel('Postleitzahl').fill('5146');
  await pick(page, 'Krankenkasse', 'Techniker Krankenkasse');
  await expect(
    page
      .getByRole('textbox', { name: 'IK-Nummer' })
      .or(page.getByRole('combobox', { name: 'IK-Nummer' }))
      .first(),
  ).toHaveValue('101575519');
  await page.getByLabel('Datum').fill(tomorrow());
  await page.getByLabel('Uhrzeit').fill('23:30');
  await pick(page, 'Dienstleistung', 'Antigen-Schnelltest Selbstzahler');
  await page.getByRole('button', { name: 'Termin anlegen' }).click();
  await expect(page.getByText(MSG.postcodeInvalid)).toBeVisible();
  await page.getByLabel('Postleitzahl').fill('51466');

  // late in the evening no slot is free: the server refuses unless staff overbook explicitly
  await page.getByRole('button', { name: 'Termin anlegen' }).click();
  // The refusal names its reason in one sentence (outside the hours, or a holiday on New Year's Day), without brackets.
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(MSG.overbookHint);
  await expect(refusal).toContainText(/außerhalb der Öffnungszeiten|Feiertag|geschlossen/);
  await expect(refusal).not.toContainText('(');
  await page.getByLabel(/Trotzdem buchen/).check();
  await page.getByRole('button', { name: 'Termin anlegen' }).click();
  await expect(page.getByText(MSG.appointmentCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);

  // in the appointments list: tomorrow, narrowed to the service (the list is virtualised)
  const row = page.getByRole('listitem').filter({ hasText: last });
  await narrowToTomorrow(page);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('23:30');

  // edit: move to 23:00
  await row.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('heading', { name: 'Termin bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Uhrzeit')).toHaveValue('23:30');
  await expectAccessible(page);
  await page.getByLabel('Uhrzeit').fill('23:00');
  await page.getByLabel(/Trotzdem buchen/).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.appointmentUpdated)).toBeVisible();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await narrowToTomorrow(page);
  await expect(row).toContainText('23:00', { timeout: 30_000 });

  // cancel through the edit form
  await row.getByRole('link', { name: 'Bearbeiten' }).click();
  await page.getByLabel('Status: bestätigt').click({ force: true });
  await expect(page.getByText('Status: storniert')).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.appointmentUpdated).first()).toBeVisible();

  // the customer's pages show it cancelled
  await page.getByRole('link', { name: 'Kunde bearbeiten' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Kunde bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Nachname')).toHaveValue(last);
  await expectAccessible(page);
  // by keyboard: the success notification may lie over the link
  await page.getByRole('main').getByRole('link', { name: 'Termine' }).press('Enter');
  await expect(page.getByRole('heading', { name: `Termine von Nora ${last}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Antigen-Schnelltest Selbstzahler' })).toContainText(
    'storniert',
  );
  await expectAccessible(page);
});

test('customers list filters by name and leads to a new appointment', async ({ page, centres }) => {
  await login(page, centres.logins.staff);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kunden' }).click();
  // Off the sidebar: the hovered active link is the layout's concern, not this screen's.
  await page.mouse.move(700, 790);
  await expect(page.getByRole('heading', { name: 'Kunden', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill('Erika Mustermann');
  await expect(page.getByRole('row').filter({ hasText: 'Mustermann, Erika' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Termin anlegen für Erika Mustermann' }).first().click();
  await expect(page.getByRole('heading', { name: 'Termin anlegen' })).toBeVisible();
  await page.getByLabel('Anzahl Termine in Folge').fill('0');
  await page.getByRole('button', { name: 'Termin anlegen' }).click();
  await expect(page.getByText(MSG.appointmentCountMin)).toBeVisible();
  await expectAccessible(page);
});

test('bulk rebooking of an appointment of an inactive service', async ({ page, centres }) => {
  await login(page, centres.logins.staff);
  await page.goto('/appointments/bulk-edit-service');
  await expect(page.getByRole('heading', { name: 'Termine umbuchen' })).toBeVisible();
  await page.getByRole('button', { name: 'Umbuchen' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.chooseCustomer);
  const first = page.getByRole('row').last();
  const who = (await first.getByRole('cell').nth(1).textContent())!;
  await first.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Umbuchen' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.chooseProduct);
  await expectAccessible(page);
  await pick(page, `Neue Dienstleistung für ${who}`, 'Antigen-Schnelltest Selbstzahler');
  const rowsBefore = await page.getByRole('row').count();
  await page.getByRole('button', { name: 'Umbuchen' }).click();
  await expect(page.getByText(MSG.productsUpdated)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(rowsBefore - 1);
});
