import { BOOKING_MSG } from '@tz/shared/messages';
import { startSmtp } from '../../../server/src/test/smtp';
import { apiAs, test as base, E2E_NOW, expect, expectAccessible, workdayAhead } from '../fixtures';
import { startServer } from '../server';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * This file's worker runs its own server that sends mail through a real SMTP
 * server on loopback (the mail outbox's worker, every 2 s), so the customer's
 * mail is read as it arrived there, not from the database.
 */
const test = base.extend<object, { smtp: Smtp; server: { url: string } }>({
  smtp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const smtp = await startSmtp();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtp }, use, workerInfo) => {
      const server = await startServer(`booking${workerInfo.parallelIndex}`, E2E_NOW, { SMTP_URL: smtp.url });
      await use({ url: server.url });
      await server.stop();
    },
    // Playwright wants an override to repeat `auto`, which its types do not offer for overrides.
    { scope: 'worker', auto: true, timeout: 180_000 } as { scope: 'worker'; timeout: number },
  ],
});

/** The text/plain part of a raw MIME mail, decoded (quoted-printable or base64). */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

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
  smtp,
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
  // Without a birthday the three selects are marked invalid and tied to the one message.
  await page.getByRole('button', { name: 'Verbindlich buchen' }).click();
  const birthdayDay = page
    .getByRole('textbox', { name: 'Geburtstag (Tag)' })
    .or(page.getByRole('combobox', { name: 'Geburtstag (Tag)' }))
    .first();
  await expect(birthdayDay).toHaveAttribute('aria-invalid', 'true');
  await expect(birthdayDay).toHaveAccessibleDescription(BOOKING_MSG.birthdayRequired);
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

  // The confirmation as the SMTP server received it (the outbox worker sends every 2 s).
  const received = () => smtp.received.filter((m) => m.to.includes(email)).map((m) => plainText(m.raw));
  await expect.poll(() => received().find((t) => t.includes(`um ${time} Uhr`)), { timeout: 15_000 }).toBeTruthy();
  const text = received().find((t) => t.includes(`um ${time} Uhr`))!;
  const formLink = /(https?:\/\/\S+\/check-in\/\S+)/.exec(text)![1]!;
  const cancelLink = /(https?:\/\/\S+\/buchung\/\S+)/.exec(text)![1]!;

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
