import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSV_MSG } from '@tz/shared/groups/customer-csv';
import { importedTotal, MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { openFromSidebar } from '../configuration-helpers';
import { apiAs, expect, expectAccessible, signIn, test, workdayAhead } from '../fixtures';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../server/src/features/groups/fixtures',
);

async function choose(page: import('@playwright/test').Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
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
  await expect(page.getByRole('status').filter({ hasText: 'Fehler: 2' })).toBeVisible();
  await expect(previewTable.getByRole('cell', { name: 'Jürgen' })).toBeVisible();
  await expect(previewTable.locator(`td[title="${CSV_MSG.streetNumber}"]`)).toHaveText(/Hauptstraße/);
  await expect(previewTable.locator(`td[title="${CSV_MSG.birthdayFuture}"]`)).toHaveCount(1);
  await expect(previewTable.getByText('leer, ignoriert')).toBeVisible();
  await expect(page.getByRole('button', { name: MSG.importNow })).toBeDisabled();
  await expectAccessible(page);

  // The corrected file imports; the preview is gone afterwards.
  await fileInput.setInputFiles(path.join(FIXTURES, 'e2e-corrected.csv'));
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fehler: 0' })).toBeVisible();
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
  await page.getByRole('textbox', { name: 'Uhrzeit' }).fill('15:20');
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
  type Row = {
    appointment_id: number;
    customer_id: number;
    customer_lastname: string;
    time: string;
    aInstitutionIds: number[];
  };
  const rows = await api.post<Row[]>('/appointments', { startdate: start, enddate: start + 86_399 });
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
  const after = await api.post<Row[]>('/appointments', { startdate: start, enddate: start + 86_399 });
  expect(after.find((r) => r.appointment_id === one.appointment_id)!.aInstitutionIds).toEqual([]);

  // The customer stays in the group: the customer's screen names it.
  await page.goto(`/customer/${one.customer_id}/edit`);
  await expect(page.getByRole('combobox', { name: 'Gruppen des Kunden' })).toBeVisible();
  await expect(page.locator('.mantine-Pill-label').filter({ hasText: name })).toBeVisible();
});
