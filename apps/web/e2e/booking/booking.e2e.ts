import { BOOKING_MSG } from '@tz/shared/messages';
import { startSmtp } from '../../../server/src/test/smtp';
import { apiAs, test as base, DEMO_PASSWORD, E2E_NOW, expect, expectAccessible, workdayAhead } from '../fixtures';
import { startServer } from '../server';
import { smallTapTargets } from '../tap-targets';

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

/** A phone held upright, used with a finger. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

type Page = import('@playwright/test').Page;

const select = (page: Page, label: string) =>
  page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first();

async function pick(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Every target of the page, and of an open list of options, is at least 44 × 44 px (issue 26). */
async function expectTapTargets(page: Page) {
  expect(await smallTapTargets(page)).toEqual([]);
}

/** The three birthday selects; choosing again what a select shows keeps the birthday (issue 26). */
async function pickBirthday(page: Page, day: string, month: string, year: string) {
  await pick(page, 'Geburtstag (Tag)', day);
  await pick(page, 'Geburtstag (Monat)', month);
  await select(page, 'Geburtstag (Jahr)').click();
  // The open list of years: its options are targets too.
  await expect(page.getByRole('option', { name: year, exact: true })).toBeVisible();
  await expectTapTargets(page);
  await page.getByRole('option', { name: year, exact: true }).click();
  await pick(page, 'Geburtstag (Monat)', month);
  await pick(page, 'Geburtstag (Jahr)', year);
  await expect(select(page, 'Geburtstag (Monat)')).toHaveValue(month);
  await expect(select(page, 'Geburtstag (Jahr)')).toHaveValue(year);
}

/** The fields the server refuses a booking without (bookingRequestSchema), by their labels. */
const REQUIRED = [
  'Dienstleistung',
  'Datum',
  'Vorname',
  'Nachname',
  'Geburtsdatum',
  'E-Mail',
  'Telefon',
  'Straße und Hausnummer',
  'Postleitzahl',
  'Ort',
];
/** A label with the required marker, as Mantine draws it for `required` fields. */
const requiredLabel = (page: Page, label: string) => page.getByText(new RegExp(`^${label}\\s*\\*$`));

/** The calendar of the booking page: a day of the month on screen, by its number. */
const calendarDay = (page: Page, date: string) =>
  page.getByRole('group', { name: 'Datum' }).getByRole('button', { name: new RegExp(`^${Number(date.slice(8))} `) });

/** Moves the calendar to the month of `date` (from E2E_NOW's month) and taps the day. */
async function tapDay(page: Page, date: string) {
  if (date.slice(0, 7) !== E2E_NOW.slice(0, 7)) {
    await page.getByRole('group', { name: 'Datum' }).getByRole('button', { name: 'Nächster Monat' }).click();
  }
  await calendarDay(page, date).click();
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

  // Every field the server requires carries the same marker, the birthday too.
  for (const label of REQUIRED) await expect(requiredLabel(page, label)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ })).toHaveAttribute('required');

  // The whole service card is the target.
  const service = page.getByRole('radio').first();
  await service.click({ position: { x: 300, y: 10 } });
  await expect(service).toHaveAttribute('aria-checked', 'true');
  const day = workdayAhead(2);
  await tapDay(page, day);
  const times = page.getByRole('group', { name: 'Uhrzeit' });
  const first = times.getByRole('button').first();
  const time = (await first.textContent())!.trim();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(requiredLabel(page, 'Uhrzeit')).toBeVisible();
  await expectTapTargets(page);

  const email = `online.${centres.tag}@kunde.example`;
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Onlinebucher');
  // Without a birthday the three selects are marked invalid and tied to the one message.
  await page.getByRole('button', { name: 'Verbindlich buchen' }).click();
  const birthdayDay = select(page, 'Geburtstag (Tag)');
  await expect(birthdayDay).toHaveAttribute('aria-invalid', 'true');
  await expect(birthdayDay).toHaveAccessibleDescription(BOOKING_MSG.birthdayRequired);
  await expectTapTargets(page);
  await pickBirthday(page, '12', 'April', '1985');
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
  await expectTapTargets(page);

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
  await expectTapTargets(page);
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
  const rows = await admin.appointments({ startdate: from, enddate: from + 86_399, source: 'customer' });
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
  await expect(requiredLabel(page, 'Geburtsdatum')).toBeVisible();
  await pickBirthday(page, '8', 'März', '1979');
  await expectTapTargets(page);
  await page.getByRole('button', { name: 'Ergebnis anzeigen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ergebnis: negativ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Testbescheinigung (PDF)' })).toBeVisible();
  await expectAccessible(page);
  await expectTapTargets(page);
});

test('the calendar greys out the days the centre is closed and tells why when one is tapped', async ({
  page,
  request,
  centres,
}) => {
  const admin = await apiAs(request, centres.logins.admin);
  const { search_name } = await admin.get<{ search_name: string }>('/settings');
  // E2E_NOW is Tuesday 16.06.2026; the demo centre opens Monday to Saturday.
  await admin.post('/schedule/holidays', { date: ['2026-06-24'] });
  await page.goto(`/buchen/${search_name}`);
  await page.getByRole('radio').first().click();

  const sunday = calendarDay(page, '2026-06-21');
  await expect(sunday).toHaveAttribute('aria-disabled', 'true');
  await expect(sunday).toHaveAttribute('title', 'Sonntags ist das Zentrum geschlossen.');
  // Marked unavailable (aria-disabled), which Playwright will not click unforced; a finger can tap it.
  await sunday.click({ force: true });
  await expect(
    page.getByRole('status').filter({ hasText: '21.06.2026: Sonntags ist das Zentrum geschlossen.' }),
  ).toBeVisible();
  // The day is not chosen: no times, no "no time free".
  await expect(page.getByRole('group', { name: 'Uhrzeit' })).toHaveCount(0);
  await expect(page.getByText(BOOKING_MSG.noSlots)).toHaveCount(0);

  const holiday = calendarDay(page, '2026-06-24');
  await expect(holiday).toHaveAttribute('aria-disabled', 'true');
  await holiday.click({ force: true });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: '24.06.2026: Am 24.06.2026 ist Feiertag, das Zentrum ist geschlossen.' }),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Uhrzeit' })).toHaveCount(0);

  // An open day is chosen and offers its times; the reason goes.
  const open = calendarDay(page, '2026-06-23');
  await expect(open).not.toHaveAttribute('aria-disabled', 'true');
  await open.click();
  await expect(page.getByRole('group', { name: 'Uhrzeit' }).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'geschlossen' })).toHaveCount(0);

  // The next month's closed days are asked for when it is shown.
  await page.getByRole('group', { name: 'Datum' }).getByRole('button', { name: 'Nächster Monat' }).click();
  await expect(calendarDay(page, '2026-07-05')).toHaveAttribute('title', 'Sonntags ist das Zentrum geschlossen.');
  await expect(calendarDay(page, '2026-07-06')).not.toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
  await expectTapTargets(page);
});

test('the booking page always links a readable privacy statement and imprint', async ({
  page,
  context,
  request,
  centres,
}) => {
  const admin = await apiAs(request, centres.logins.admin);
  const settings = await admin.get<Record<string, unknown> & { search_name: string }>('/settings');
  const { search_name } = settings;
  await page.goto(`/buchen/${search_name}`);

  // The demo centre names its data protection officer, but has no privacy page: the generated one.
  const read = page.getByRole('link', { name: 'Datenschutzerklärung lesen' });
  await expect(read).toHaveAttribute('href', `/buchen/${search_name}/datenschutz`);
  const [privacy] = await Promise.all([context.waitForEvent('page'), read.click()]);
  await expect(privacy.getByRole('heading', { level: 2, name: 'Datenschutzerklärung' })).toBeVisible();
  const expected: [heading: string, text: string][] = [
    ['Verantwortlich', 'Muster Gesundheit GmbH'],
    ['Verantwortlich', 'Vertreten durch: Dr. Erika Mustermann'],
    ['Datenschutzbeauftragte Person', 'Max Datenschutz'],
    ['Welche Daten wir verarbeiten und wozu', 'Geburtsdatum'],
    ['Wie lange wir Ihre Daten speichern', '31.12.2028'],
    ['Ihre Rechte', 'Art. 15 DSGVO'],
  ];
  for (const [heading, text] of expected) {
    await expect(privacy.locator('section', { has: privacy.getByRole('heading', { name: heading }) })).toContainText(
      text,
    );
  }
  await expectAccessible(privacy);
  await expectTapTargets(privacy);
  await privacy.close();

  // The imprint: the centre's own page while it has one ...
  const imprint = page.getByRole('link', { name: 'Impressum', exact: true });
  await expect(imprint).toHaveAttribute('href', String(settings.impressum_link));
  // ... else the page generated from its settings.
  const login = await request.post('/api/auth/login', {
    data: { email: centres.logins.admin, password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const saved = await request.put(`/api/staff/${admin.staffId}/settings`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ...settings, impressum_link: '' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.reload();
  await expect(imprint).toHaveAttribute('href', `/buchen/${search_name}/impressum`);
  await page.goto(`/buchen/${search_name}/impressum`);
  await expect(page.getByRole('heading', { level: 2, name: 'Impressum' })).toBeVisible();
  await expect(page.getByText('Angaben gemäß § 5 Digitale-Dienste-Gesetz')).toBeVisible();
  await expect(page.getByText('Muster Gesundheit GmbH')).toBeVisible();
  await expect(page.getByText('Handelsregister: Amtsgericht Musterstadt HRB 12345')).toBeVisible();
  await expect(page.getByText('Umsatzsteuer-Identifikationsnummer: DE123456789')).toBeVisible();
  await expectAccessible(page);
  await expectTapTargets(page);
});
