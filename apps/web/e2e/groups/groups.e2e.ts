import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CSV_HEADER_LINE, CSV_MSG } from '@tz/shared/groups/customer-csv';
import { importedTotal, MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { openFromSidebar } from '../configuration-helpers';
import { apiAs, expect, expectAccessible, signIn, test, workdayAhead } from '../fixtures';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../server/src/features/groups/fixtures',
);

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The bulk form's 24-hour time picker: its visible label, hours and minutes typed. */
async function setTime(page: Page, hours: string, minutes: string) {
  await expect(page.getByText('Uhrzeit', { exact: true })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Uhrzeit: Stunden' }).fill(hours);
  await page.getByRole('spinbutton', { name: 'Uhrzeit: Minuten' }).fill(minutes);
}

test('a group is created, its CSV imported after a correction, and its members booked at once', async ({
  page,
  request,
  centres,
}) => {
  // many steps on a shared two-core machine
  test.slow();
  const name = `Pflegeheim Lindenhof ${centres.tag}`;
  await signIn(page, centres.logins.staff);
  await openFromSidebar(page, 'Gruppenimport');
  await expect(page.getByRole('heading', { name: 'Gruppen', level: 1 })).toBeVisible();
  // One entry marked, though the group list's path lies under the customers' '/customers'.
  const marked = page.getByRole('navigation', { name: 'Hauptnavigation' }).locator('a[data-active]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveText('Gruppenimport');
  const create = page.getByRole('button', { name: 'Gruppe anlegen' });
  await page.getByLabel('Name der neuen Gruppe').fill('  ab  ');
  await expect(create).toBeDisabled();
  await page.getByLabel('Name der neuen Gruppe').fill(`  ${name.replace(' ', '   ')} `);
  await create.click();
  await expect(page.getByText(MSG.groupCreated)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `Bearbeiten: ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Gruppe: ${name}` })).toBeVisible();

  // The ISO-8859-1 file with a street without number, a future birthday and an empty row.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles(path.join(FIXTURES, 'e2e-with-errors.csv'));
  await page.getByRole('button', { name: 'Hochladen' }).click();
  const previewTable = page.getByRole('table', { name: 'Vorschau der Kundendaten' });
  await expect(
    page.getByRole('status').filter({ hasText: '2 Zeilen mit Fehlern: 2 Felder, leere Zeilen (werden ignoriert): 1' }),
  ).toBeVisible();
  await expect(previewTable.getByRole('cell', { name: 'Jürgen' })).toBeVisible();
  await expect(previewTable.locator(`td[title="${CSV_MSG.streetNumber}"]`)).toHaveText(/Hauptstraße/);
  await expect(previewTable.locator(`td[title="${CSV_MSG.birthdayFuture}"]`)).toHaveCount(1);
  await expect(previewTable.getByText('leer, ignoriert')).toBeVisible();
  await expect(page.getByRole('button', { name: MSG.importNow })).toBeDisabled();
  await expectAccessible(page);

  // The corrected file imports; the preview is gone afterwards.
  await fileInput.setInputFiles(path.join(FIXTURES, 'e2e-corrected.csv'));
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 Kundendaten, keine Fehler' })).toBeVisible();
  await page.getByRole('button', { name: MSG.importNow }).click();
  await expect(page.getByText(importedTotal(3))).toBeVisible();
  await expect(previewTable).toHaveCount(0);
  const members = page.getByRole('table', { name: 'Kunden der Gruppe' });
  await expect(members.getByRole('row')).toHaveCount(4);
  await expect(members.getByRole('row').filter({ hasText: 'Größe' })).toContainText('Am Markt 1');

  // All three at one time.
  const day = workdayAhead(40);
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const button = page.getByRole('button', { name: '0 Termine erstellen' });
  await expect(button).toBeDisabled();
  await members.getByRole('checkbox', { name: 'Alle auswählen' }).check();
  await choose(page, 'Dienstleistung', 'Antigen-Schnelltest (Bürgertest)');
  await choose(page, 'Tag', String(dayOfMonth));
  await choose(page, 'Monat', String(month));
  await choose(page, 'Jahr', String(year));
  await expect(page.getByRole('button', { name: '3 Termine erstellen' })).toBeDisabled();
  await setTime(page, '15', '20');
  await page.getByRole('button', { name: '3 Termine erstellen' }).click();
  await expect(page.getByText(MSG.appointmentsSaved)).toBeVisible();
  const groupAppointments = page.getByRole('table', { name: 'Termine der Gruppe' });
  await expect(groupAppointments.getByRole('row').filter({ hasText: germanDate(day) })).toContainText(
    /15:20.*Antigen-Schnelltest \(Bürgertest\).*3/,
  );

  // In the appointments list of that day, each assigned to the group.
  const api = await apiAs(request, centres.logins.staff);
  const group = (await api.get<{ id: number; name: string }[]>('/institutions')).find((g) => g.name === name)!;
  const start = Date.parse(`${day}T00:00:00+02:00`) / 1000;
  const rows = await api.appointments({ startdate: start, enddate: start + 86_399 });
  const booked = rows.filter((r) => r.aInstitutionIds.includes(group.id));
  expect(booked.map((r) => r.customer_lastname).sort()).toEqual(['Größe', 'Müller', 'Weber']);
  expect(new Set(booked.map((r) => r.time))).toEqual(new Set(['15:20']));

  // The appointment's groups on its edit screen: removing the group is saved at once.
  const one = booked.find((r) => r.customer_lastname === 'Weber')!;
  await page.goto(`/appointments/${one.appointment_id}/${one.customer_id}/edit`);
  const field = page.getByRole('combobox', { name: 'Gruppen' });
  // the chosen group is a pill in the field (the dropdown keeps its options in the page, hidden)
  const pill = page.locator('.mantine-Pill-label').filter({ hasText: name });
  await expect(pill).toBeVisible();
  await expectAccessible(page);
  await field.click();
  await field.press('Backspace');
  await expect(pill).toHaveCount(0);
  const after = await api.appointments({ startdate: start, enddate: start + 86_399 });
  expect(after.find((r) => r.appointment_id === one.appointment_id)!.aInstitutionIds).toEqual([]);

  // The customer stays in the group: the customer's screen names it.
  await page.goto(`/customer/${one.customer_id}/edit`);
  await expect(page.getByRole('combobox', { name: 'Gruppen des Kunden' })).toBeVisible();
  await expect(page.locator('.mantine-Pill-label').filter({ hasText: name })).toBeVisible();
});

/** 10,000 valid rows as Excel writes them (windows-1252, CRLF). */
function tenThousandRows() {
  const lines = [CSV_HEADER_LINE];
  for (let i = 0; i < 10_000; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
    lines.push(
      `Jörg;Zehntausend-${String(i).padStart(5, '0')};Hauptstraße ${1 + (i % 150)};${String(10000 + i).padStart(5, '0')};Köln;p${i}@example.org;0221 ${i};${day}.${month}.${1930 + (i % 80)};ID${i}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** Holds the POST requests to `urlPart` until `release` is called, so the page can be seen while it waits. */
async function hold(page: Page, urlPart: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route(`**${urlPart}`, async (route) => {
    if (route.request().method() === 'POST') await released;
    await route.continue();
  });
  return release;
}

test("an institution's own files and a group of 10,000: remarks with a line break import, a short row is called short, names in German order, select-all books everyone", async ({
  page,
  request,
  centres,
}) => {
  // 10,000 members imported and booked on a shared two-core machine
  test.slow();
  const api = await apiAs(request, centres.logins.staff);
  const { institution } = await api.post<{ institution: { id: number } }>('/institutions', {
    staff_id: api.staffId,
    name: `Seniorenheim Abendrot ${centres.tag}`,
  });
  await signIn(page, centres.logins.staff);
  await page.goto(`/institution/institutionAppointments/${api.staffId}/${institution.id}`);
  const marked = page.getByRole('navigation', { name: 'Hauptnavigation' }).locator('a[data-active]');
  await expect(marked).toHaveText('Gruppenimport');
  const fileInput = page.locator('input[type="file"]');
  const upload = page.getByRole('button', { name: 'Hochladen' });
  const importNow = page.getByRole('button', { name: MSG.importNow });
  const previewTable = page.getByRole('table', { name: 'Vorschau der Kundendaten' });

  // A row with one field left out is called short, and its slid phone number is not called an e-mail address.
  await fileInput.setInputFiles(path.join(FIXTURES, 'short-row.csv'));
  await upload.click();
  await expect(
    page.getByRole('status').filter({ hasText: '1 Zeile mit Fehlern: 1 Zeile mit falscher Feldanzahl' }),
  ).toBeVisible();
  await expect(previewTable.locator(`td[title="${CSV_MSG.rowWidth(8, 9)}"]`)).toHaveText(/^3/);
  await expect(previewTable.locator(`td[title="${CSV_MSG.email}"]`)).toHaveCount(0);
  await expect(importNow).toBeDisabled();

  // LibreOffice: reordered columns, a remarks column with a line break in one quoted cell. It previews clean
  // and imports: the remarks are shown, never sent.
  await fileInput.setInputFiles(path.join(FIXTURES, 'libreoffice-bemerkung.csv'));
  await upload.click();
  await expect(page.getByRole('status').filter({ hasText: '25 Kundendaten, keine Fehler' })).toBeVisible();
  await expect(previewTable.getByRole('cell', { name: /Rollstuhl, bitte\s+Rampe/ })).toBeVisible();
  await importNow.click();
  await expect(page.getByText(importedTotal(25))).toBeVisible();

  // Every field of the spec, in German order of the names.
  const members = page.getByRole('table', { name: 'Kunden der Gruppe' });
  const lastNames = await members.locator('tbody tr td:nth-child(2)').allInnerTexts();
  expect(lastNames).toHaveLength(25);
  expect(lastNames.slice(0, 3)).toEqual(['Ahrens', 'Bäcker', 'Brandt']);
  expect(lastNames.indexOf('Köhler')).toBeLessThan(lastNames.indexOf('Krüger'));
  expect(lastNames.indexOf('Öztürk')).toBeLessThan(lastNames.indexOf('Peters'));
  expect(lastNames.indexOf('von Bülow')).toBeLessThan(lastNames.indexOf('Weiß'));
  const koehler = members.getByRole('row').filter({ hasText: 'Köhler' });
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(viewport);
    for (const field of ['Köhler', 'Anna', 'Lindenweg 1', '50667', 'Köln', '0221 100000', '01.01.1935', 'T22000100']) {
      // each layout keeps the other's cells hidden in the page: the field must be in a shown one
      await expect(koehler.getByText(field).filter({ visible: true }).first()).toBeVisible();
    }
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways, `${viewport.width} px`).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // 10,000 more: the page says what runs while the server works, and confirms as soon as it answers.
  const release = await hold(page, `/institutions/${institution.id}/import`);
  await fileInput.setInputFiles({ name: 'zehntausend.csv', mimeType: 'text/csv', buffer: tenThousandRows() });
  await upload.click();
  await expect(page.getByRole('status').filter({ hasText: '10.000 Kundendaten, keine Fehler' })).toBeVisible({
    timeout: 30_000,
  });
  await importNow.click();
  await expect(page.getByRole('status').filter({ hasText: '10.000 Kundendaten werden importiert' })).toBeVisible();
  release();
  await expect(page.getByText(importedTotal(10_000))).toBeVisible({ timeout: 60_000 });
  await page.unroute(`**/institutions/${institution.id}/import`);

  // One page of members drawn; 'Alle auswählen' chooses the whole group, one unticked is left out.
  await expect(page.getByText('10.025 Mitglieder, 0 ausgewählt')).toBeVisible();
  await expect(members.locator('tbody tr')).toHaveCount(50);
  await members.getByRole('checkbox', { name: 'Alle auswählen' }).check();
  await expect(page.getByRole('button', { name: '10.025 Termine erstellen' })).toBeVisible();
  await members.getByRole('checkbox', { name: 'Anna Köhler auswählen' }).uncheck();
  const create = page.getByRole('button', { name: '10.024 Termine erstellen' });
  await expect(create).toBeVisible();
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(members.getByRole('checkbox', { name: /auswählen$/ }).last()).toBeChecked();

  // More people than places: refused with the hint, and 'Trotzdem buchen' is right there.
  const day = workdayAhead(45);
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  await choose(page, 'Dienstleistung', 'Antigen-Schnelltest (Bürgertest)');
  await choose(page, 'Tag', String(dayOfMonth));
  await choose(page, 'Monat', String(month));
  await choose(page, 'Jahr', String(year));
  await setTime(page, '09', '00');
  await create.click();
  await expect(page.getByText(MSG.overbookHint)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('checkbox', { name: MSG.overbookLabel }).check();
  const releaseBooking = await hold(page, `/institutions/${institution.id}/appointments`);
  await create.click();
  await expect(page.getByRole('status').filter({ hasText: '10.024 Termine werden erstellt' })).toBeVisible();
  releaseBooking();
  await expect(page.getByText(MSG.appointmentsSaved)).toBeVisible({ timeout: 90_000 });
  await expect(
    page
      .getByRole('table', { name: 'Termine der Gruppe' })
      .getByRole('row')
      .filter({ hasText: germanDate(day) }),
  ).toContainText(/09:00.*Antigen-Schnelltest \(Bürgertest\).*10\.024/);
});
