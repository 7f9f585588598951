import { apiAs, E2E_NOW, expect, expectAccessible, test, workdayAhead } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 } });

async function pick(page: import('@playwright/test').Page, label: string, option: string) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('on a phone a customer books a free time, gets the mail, opens the questionnaire and cancels by the link', async ({
  page,
  request,
  centres,
  baseURL,
}) => {
  const admin = await apiAs(request, centres.logins.admin);
  const { search_name } = await admin.get<{ search_name: string }>('/settings');
  await page.goto(`/buchen/${search_name}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Testzentrum Musterstadt' })).toBeVisible();

  await page.getByRole('radio').first().check();
  const day = workdayAhead(2);
  await page.getByRole('button', { name: /^Datum/ }).click();
  const calendar = page.getByRole('dialog');
  if (day.slice(0, 7) !== E2E_NOW.slice(0, 7)) await calendar.getByRole('button', { name: 'Nächster Monat' }).click();
  await calendar.getByRole('button', { name: new RegExp(`^${Number(day.slice(8))} `) }).click();
  const times = page.getByRole('group', { name: 'Uhrzeit' });
  const first = times.getByRole('button').first();
  const time = (await first.textContent())!.trim();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');

  const email = `online.${centres.tag}@kunde.example`;
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Onlinebucher');
  await pick(page, 'Geburtstag (Tag)', '12');
  await pick(page, 'Geburtstag (Monat)', 'April');
  await pick(page, 'Geburtstag (Jahr)', '1985');
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Telefon' }).fill('0171 1234567');
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Lindenweg 5');
  await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('12345');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Musterstadt');
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Verbindlich buchen' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Ihr Termin ist gebucht.' })).toBeVisible();
  await expect(page.getByText(`Uhrzeit: ${time} Uhr`)).toBeVisible();

  const mails = (await (await request.get(`${baseURL}/api/test/centres/${centres.test_centre_id}/mails`)).json()) as {
    kind: string;
    to: string;
    text: string;
  }[];
  const mail = mails.find((m) => m.to === email && m.kind === 'booking_confirmation');
  expect(mail?.text).toContain(`um ${time} Uhr`);
  const formLink = /(https?:\/\/\S+\/check-in\/\S+)/.exec(mail!.text)![1]!;
  const cancelLink = /(https?:\/\/\S+\/buchung\/\S+)/.exec(mail!.text)![1]!;

  await page.goto(formLink);
  await expect(page.getByText('Onlinebucher')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Absenden' })).toBeVisible();

  await page.goto(cancelLink);
  await expect(page.getByText(`Uhrzeit: ${time} Uhr`)).toBeVisible();
  await page.getByRole('button', { name: 'Termin stornieren' }).click();
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Termin wurde storniert.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Termin stornieren' })).toHaveCount(0);
  await expectAccessible(page);
});

test('the result link from the mail shows the result after the birthday', async ({
  page,
  request,
  centres,
  baseURL,
}) => {
  const admin = await apiAs(request, centres.logins.admin);
  const { search_name } = await admin.get<{ search_name: string }>('/settings');
  const page0 = await (await request.get(`/api/public/booking/${search_name}`)).json();
  const serviceId = page0.services[0].id as number;
  const day = workdayAhead(2);
  const slots = await (
    await request.get(`/api/public/booking/${search_name}/slots?service_id=${serviceId}&date=${day}`)
  ).json();
  const email = `ergebnis.${centres.tag}@kunde.example`;
  const booked = await request.post(`/api/public/booking/${search_name}`, {
    data: {
      service_id: serviceId,
      date: day,
      time: slots.slots[0].time,
      first_name: 'Rita',
      last_name: 'Resultat',
      birthday: '1979-03-08',
      email,
      phone: '0171 7654321',
      street: 'Lindenweg 7',
      postcode: '12345',
      city: 'Musterstadt',
      consent_privacy: true,
      consent_result: true,
    },
  });
  expect(booked.ok()).toBe(true);
  const from = Math.floor(new Date(`${day}T00:00:00+02:00`).getTime() / 1000);
  const rows = await admin.post<{ appointment_id: number; customer_id: number; customer_lastname: string }[]>(
    '/appointments',
    { startdate: from, enddate: from + 86_399, source: 'customer' },
  );
  const a = rows.find((r) => r.customer_lastname === 'Resultat')!;
  // The demo centre asks for a legal basis (§ id above 1) before a result of a TestV service.
  const classes = await admin.get<
    { id: number; active: boolean; active_from: string | null; active_till: string | null }[]
  >('/appointments/payment-classifications');
  const usable = classes.find(
    (c) =>
      c.active &&
      c.id > 1 &&
      c.id <= 30 &&
      (!c.active_from || c.active_from < day) &&
      (!c.active_till || c.active_till > day),
  )!;
  await admin.post(`/appointments/${a.appointment_id}/payment-classification`, {
    customer_id: a.customer_id,
    newClassification: usable.id,
  });
  await admin.post(`/appointments/${a.appointment_id}/result`, { customer_id: a.customer_id, res_detected: 1 });

  const mails = (await (await request.get(`${baseURL}/api/test/centres/${centres.test_centre_id}/mails`)).json()) as {
    kind: string;
    to: string;
    text: string;
  }[];
  const mail = mails.find((m) => m.to === email && m.kind === 'result_link')!;
  expect(mail.text).not.toMatch(/negativ/i);
  await page.goto(/(https?:\/\/\S+\/ergebnis\/\S+)/.exec(mail.text)![1]!);
  await expect(page.getByRole('heading', { name: 'Ihr Testergebnis' })).toBeVisible();
  await pick(page, 'Geburtstag (Tag)', '8');
  await pick(page, 'Geburtstag (Monat)', 'März');
  await pick(page, 'Geburtstag (Jahr)', '1979');
  await page.getByRole('button', { name: 'Ergebnis anzeigen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ergebnis: negativ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Testbescheinigung (PDF)' })).toBeVisible();
  await expectAccessible(page);
});
