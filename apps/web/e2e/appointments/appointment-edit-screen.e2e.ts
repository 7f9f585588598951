import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { apiAs, expect, expectAccessible, signIn, test, workdayAhead } from '../fixtures';

interface Row {
  appointment_id: number;
  start_date: string;
  status: string;
}

/** A new customer with one appointment at 09:00 on a workday ahead, through the real API. */
async function bookOne(api: Awaited<ReturnType<typeof apiAs>>, date: string) {
  const options = await api.get<{ services: { id: number; title: string; active: boolean }[] }>(
    '/appointments/options',
  );
  const service = options.services.find((s) => s.active && s.title === 'Antigen-Schnelltest Selbstzahler')!;
  return api.post<{ appointment_id: number; customer_id: number }>('/appointments/with-customer', {
    staff_id: api.staffId,
    service_id: service.id,
    date,
    time: '09:00',
    first_name: 'Sara',
    last_name: 'Serie',
    number_of_new_appointments: 1,
  });
}

test('the count of a row really extends and shortens the series; "Zurück" without history leads to the list', async ({
  page,
  request,
  centres,
}) => {
  test.slow();
  const api = await apiAs(request, centres.logins.admin);
  const date = workdayAhead(3);
  const { appointment_id, customer_id } = await bookOne(api, date);
  const approved = async () =>
    (await api.get<Row[]>(`/customers/${customer_id}/appointments`)).filter((r) => r.status === 'approved');

  await signIn(page, centres.logins.admin);
  // Opened directly, as from a bookmark: no history to go back to.
  const edit = `/appointments/${appointment_id}/${customer_id}/edit`;
  await page.goto(edit);
  await expect(page.getByRole('heading', { name: 'Termin bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Anzahl Termine in Folge')).toHaveValue('1');
  await expectAccessible(page);

  await page.getByLabel('Anzahl Termine in Folge').fill('2');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.appointmentUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Anzahl Termine in Folge')).toHaveValue('2');
  expect((await approved()).length).toBe(2);

  await page.getByLabel('Anzahl Termine in Folge').fill('1');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.appointmentUpdated).first()).toBeVisible();
  await expect.poll(async () => (await approved()).length).toBe(1);

  await page.goto(edit);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('heading', { name: 'Termine', level: 1 })).toBeVisible();
});

test('the edit screen offers the QR code and the patient data hand-over; without the extension it says so', async ({
  page,
  request,
  centres,
}) => {
  const api = await apiAs(request, centres.logins.staff);
  const { appointment_id, customer_id } = await bookOne(api, workdayAhead(2));
  await signIn(page, centres.logins.staff);
  await page.goto(`/appointments/${appointment_id}/${customer_id}/edit`);
  await expect(page.getByRole('heading', { name: 'Termin bearbeiten' })).toBeVisible();
  // A test centre records no vaccination data.
  await expect(page.getByRole('button', { name: /Impfdaten/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'QR-Code / Eingabe' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR-Code zum Fragebogen' });
  await expect(dialog.getByRole('img', { name: 'QR-Code mit dem Link zum Fragebogen' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /\/check-in\/\d+\// })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Schließen' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/edit$/);

  await page.getByRole('button', { name: 'Patientendaten an Erweiterung' }).click();
  await expect(page.getByText(MSG.patientDataFailed)).toBeVisible();
});

test('a vaccination centre records the vaccination data from the edit screen', async ({ page, request, centres }) => {
  const api = await apiAs(request, centres.logins.vaccination_admin);
  const options = await api.get<{ services: { id: number; title: string; active: boolean }[] }>(
    '/appointments/options',
  );
  const service = options.services.find((s) => s.active && s.title === 'Grippeschutzimpfung')!;
  const { appointment_id, customer_id } = await api.post<{ appointment_id: number; customer_id: number }>(
    '/appointments/with-customer',
    {
      staff_id: api.staffId,
      service_id: service.id,
      date: workdayAhead(1),
      time: '09:00',
      first_name: 'Ida',
      last_name: 'Impfung',
      number_of_new_appointments: 1,
      overbook: true,
    },
  );
  await signIn(page, centres.logins.vaccination_admin);
  await page.goto(`/appointments/${appointment_id}/${customer_id}/edit`);
  await page.getByRole('button', { name: 'Impfdaten erfassen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impfdaten erfassen' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
});

test('a refused booking names its reason; the create screen lists the free times of the day', async ({
  page,
  request,
  centres,
}) => {
  test.slow();
  const manager = await apiAs(request, centres.logins.manager);
  const holiday = workdayAhead(20);
  await manager.post('/schedule/holidays', { date: [holiday] });

  await signIn(page, centres.logins.staff);
  await page.goto('/appointment/customer/create');
  await expect(page.getByRole('heading', { name: 'Termin und Kunde anlegen' })).toBeVisible();
  await page.getByLabel('Vorname').fill('Fritz');
  await page.getByLabel('Nachname').fill('Feiertag');
  await page.getByLabel('Postleitzahl').fill('51466');
  await page
    .getByRole('textbox', { name: 'Dienstleistung' })
    .or(page.getByRole('combobox', { name: 'Dienstleistung' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Antigen-Schnelltest Selbstzahler', exact: true }).click();

  await page.getByLabel('Datum').fill(germanDate(holiday));
  await expect(page.getByText(`Freie Zeiten am ${germanDate(holiday)}`)).toBeVisible();
  await expect(page.getByText(MSG.noFreeSlots)).toBeVisible();
  await page.getByLabel('Uhrzeit').fill('09:00');
  await page.getByRole('button', { name: 'Termin anlegen' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: MSG.overbookHint });
  await expect(refusal).toContainText(`Am ${germanDate(holiday)} ist Feiertag, das Zentrum ist geschlossen.`);
  await expect(refusal).not.toContainText('(');
  await expectAccessible(page);

  // An open day: a free time is picked with one click.
  const open = workdayAhead(4);
  await page.getByLabel('Datum').fill(germanDate(open));
  const slot = page.getByRole('button', { name: /^10:30 Uhr, \d+ Plätze frei$/ });
  await slot.click();
  await expect(page.getByLabel('Uhrzeit')).toHaveValue('10:30');
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Termin anlegen' }).click();
  await expect(page.getByText(MSG.appointmentCreated)).toBeVisible();
});
