import { randomUUID } from 'node:crypto';
import { type AppointmentValues, appointmentOf } from '@tz/shared/appointments/appointment-values';
import { ROLE } from '@tz/shared/constants';
import { BOOKING_MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../clock';
import { appointments } from '../../db/schema/appointments';
import { bookings } from '../../db/schema/booking';
import type { centres } from '../../db/schema/centres';
import { customers } from '../../db/schema/customers';
import { mailOutbox } from '../../db/schema/mail';
import { auditLog } from '../../db/schema/platform';
import { specialDays } from '../../db/schema/schedule';
import { installationBaseUrl } from '../../http/public-url';
import { centreWithUser, createCustomer, createLabFor, createService } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureDefaultForms } from '../forms/default-forms';
import { lockCentreSlots } from '../schedule/schedule.repository';

/** A Tuesday morning in Berlin; the tests book on the Wednesday after it unless they say otherwise. */
const NOW = new Date('2026-06-16T10:20:00+02:00');
const TODAY = '2026-06-16';
const DAY = '2026-06-17';

let t: TestApp;
beforeAll(async () => {
  setClock(NOW);
  t = await createTestApp();
  await t.database.db.transaction((tx) => ensureDefaultForms(tx));
});
afterEach(() => setClock(NOW));
afterAll(() => t.close());

let seq = 0;
/** Every request from an address of its own, unless a test means one address. */
const nextIp = () => `10.9.${Math.floor(++seq / 250)}.${seq % 250}`;

/**
 * A centre with a booking page: open Monday to Saturday 08:00–12:00 with a
 * break 10:00–10:30, one active service of 30 minutes every 30 minutes with
 * the given capacity, and an inactive one.
 */
async function bookingCentre(capacity = 1, centre: Partial<typeof centres.$inferInsert> = {}) {
  const searchName = `zentrum-${randomUUID().slice(0, 8)}`;
  const m = await centreWithUser(t.app, t.database.db, ROLE.manager, {
    search_name: searchName,
    full_name: 'Testzentrum Buchung',
    tz_street: 'Marktplatz',
    tz_street_number: '3',
    tz_zip: '12345',
    tz_city: 'Musterstadt',
    color1: '#005f73',
    impressum_link: 'https://zentrum.example/impressum',
    prof_dataprotect: 'https://zentrum.example/datenschutz',
    ...centre,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/${m.centre.id}/schedule/items`,
    headers: m.headers,
    payload: {
      schedule_items: [2, 3, 4, 5, 6, 7].map((day_index) => ({
        day_index,
        start_time: '08:00',
        end_time: '12:00',
        break: [{ start_time: '10:00', end_time: '10:30' }],
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const service = await createService(t.database.db, {
    staff_id: m.centre.id,
    title: 'Antigen-Schnelltest',
    slot_length: 1800,
    duration: 1800,
    capacity_max: capacity,
    active: true,
  });
  const inactive = await createService(t.database.db, { staff_id: m.centre.id, title: 'Alt', active: false });
  return { ...m, searchName, service, inactive };
}
type Centre = Awaited<ReturnType<typeof bookingCentre>>;

let phoneSeq = 0;
const person = (n: number | string = 1) => ({
  first_name: 'Erika',
  last_name: `Online-${n}`,
  birthday: '1985-04-12',
  email: `erika-${n}-${randomUUID().slice(0, 6)}@kunde.example`,
  // Every person a phone number of their own: the attempt limit counts per phone number too.
  phone: `0171 ${String(++phoneSeq).padStart(7, '0')}`,
  street: 'Lindenweg 5',
  postcode: '12345',
  city: 'Musterstadt',
  consent_privacy: true,
});

function book(c: Centre, fields: Record<string, unknown> = {}, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/booking/${c.searchName}`,
    // The client's own address: X-Forwarded-For counts only behind a configured TRUST_PROXY.
    remoteAddress: ip,
    payload: { service_id: c.service.id, date: DAY, time: '08:30', ...person(), ...fields },
  });
}

async function slotTimes(c: Centre, date = DAY, serviceId = c.service.id) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/public/booking/${c.searchName}/slots?service_id=${serviceId}&date=${date}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as { time: string }[]).map((s) => s.time);
}

const refusal = (res: { json(): { details?: { reason?: string }[] } }) => res.json().details?.[0]?.reason;

describe('the booking page', () => {
  it("shows the centre's name, address, colours and legal links and only its active services", async () => {
    const c = await bookingCentre();
    const res = await t.app.inject({ method: 'GET', url: `/api/public/booking/${c.searchName.toUpperCase()}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.open).toBe(true);
    expect(page.centre).toMatchObject({
      full_name: 'Testzentrum Buchung',
      tz_street: 'Marktplatz',
      color1: '#005f73',
      impressum_link: 'https://zentrum.example/impressum',
      prof_dataprotect: 'https://zentrum.example/datenschutz',
    });
    expect(page.centre).not.toHaveProperty('id');
    expect(page.services.map((s: { title: string }) => s.title)).toEqual(['Antigen-Schnelltest']);
    expect(page.services[0].duration).toBe(30);
    expect(page).toMatchObject({ first_date: TODAY, last_date: '2026-08-15' });
  });

  it('answers 404 for a name no activated centre carries', async () => {
    const c = await bookingCentre(1, { testcenter: false });
    for (const name of [c.searchName, 'gibt-es-nicht']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/booking/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'BOOKING_PAGE_NOT_FOUND', message: BOOKING_MSG.centreNotFound });
    }
  });

  it('is closed, with no services, when the centre is private or its pause date is due', async () => {
    for (const fields of [{ status: 'private' }, { pause_date: TODAY }]) {
      const c = await bookingCentre(1, fields);
      const page = (await t.app.inject({ method: 'GET', url: `/api/public/booking/${c.searchName}` })).json();
      expect(page).toMatchObject({ open: false, services: [] });
      const res = await book(c);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'BOOKING_CLOSED', message: BOOKING_MSG.closed });
    }
  });

  it('offers no day from a scheduled pause on', async () => {
    const c = await bookingCentre(1, { pause_date: DAY });
    const page = (await t.app.inject({ method: 'GET', url: `/api/public/booking/${c.searchName}` })).json();
    expect(page).toMatchObject({ open: true, last_date: TODAY });
    expect(await slotTimes(c)).toEqual([]);
    expect((await book(c)).json().error).toBe('TOO_FAR_AHEAD');
  });
});

describe('the calendar of a month', () => {
  const days = (c: Centre, month: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/booking/${c.searchName}/days?month=${month}` });

  it('greys out closed weekdays, holidays, closed special days and days outside the window, with the reason', async () => {
    const c = await bookingCentre();
    const h = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${c.centre.id}/schedule/holidays`,
      headers: c.headers,
      payload: { date: ['2026-06-24'] },
    });
    expect(h.statusCode, h.body).toBe(200);
    // A special day without hours (the staff screen asks for hours; older data may have none) and one that opens.
    await t.database.db.insert(specialDays).values([
      { staff_id: c.centre.id, date: '2026-06-25', start_time: '', end_time: '' },
      { staff_id: c.centre.id, date: '2026-06-28', start_time: '09:00', end_time: '11:00' },
    ]);
    const res = await days(c, '2026-06');
    expect(res.statusCode, res.body).toBe(200);
    const closed = Object.fromEntries(
      (res.json().closed as { date: string; reason: string; text: string }[]).map((d) => [d.date, d]),
    );
    expect(closed['2026-06-15']).toMatchObject({ reason: 'past' });
    expect(closed['2026-06-16']).toBeUndefined();
    expect(closed['2026-06-21']).toEqual({
      date: '2026-06-21',
      reason: 'weekday',
      text: 'Sonntags ist das Zentrum geschlossen.',
    });
    expect(closed['2026-06-24']).toMatchObject({
      reason: 'holiday',
      text: 'Am 24.06.2026 ist Feiertag, das Zentrum ist geschlossen.',
    });
    expect(closed['2026-06-25']).toMatchObject({
      reason: 'special_day',
      text: 'Am 25.06.2026 ist das Zentrum geschlossen.',
    });
    // A Sunday opened by a special day is bookable, and offers its slots.
    expect(closed['2026-06-28']).toBeUndefined();
    expect(await slotTimes(c, '2026-06-28')).toEqual(['09:00', '09:30', '10:00', '10:30']);
    // Every day the calendar offers has slots or is open: a closed one has none.
    expect(await slotTimes(c, '2026-06-21')).toEqual([]);
    const august = (await days(c, '2026-08')).json().closed as { date: string; reason: string; text: string }[];
    expect(august.find((d) => d.date === '2026-08-17')).toMatchObject({
      reason: 'too_far',
      text: 'Online-Buchungen sind bis zum 15.08.2026 möglich.',
    });
  });

  it('refuses a month that is none, and answers the closed page with its notice', async () => {
    const c = await bookingCentre();
    for (const month of ['2026-13', '2026-6', 'juni']) {
      const res = await days(c, month);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(BOOKING_MSG.monthInvalid);
    }
    const closed = await bookingCentre(1, { status: 'private' });
    expect((await days(closed, '2026-06')).json()).toMatchObject({ error: 'BOOKING_CLOSED' });
  });
});

describe('imprint and privacy statement', () => {
  const legal = (c: Centre) => t.app.inject({ method: 'GET', url: `/api/public/booking/${c.searchName}/legal` });

  it("answers the centre's legal settings for the generated pages, also while the page is closed", async () => {
    const c = await bookingCentre(1, {
      status: 'private',
      prof_entity: 'Muster Testzentren GmbH',
      inv_entity: 'Rechnung GmbH',
      inv_street: 'Hafenstraße 9',
      inv_zip: '54321',
      inv_city: 'Hafenstadt',
      prof_responsible: 'Dr. Maria Muster',
      prof_dataprotect: 'Datenschutz Nord GmbH, dsb@muster.example',
      handelsregister_nummer: 'HRB 4711',
      handelsregister_ort: 'Hafenstadt',
      UID: 'DE123456789',
      impressum_link: null,
    });
    const res = await legal(c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      centre: { full_name: 'Testzentrum Buchung', impressum_link: null },
      operator: { name: 'Muster Testzentren GmbH', street: 'Hafenstraße 9', zip: '54321', city: 'Hafenstadt' },
      responsible: 'Dr. Maria Muster',
      data_protection_officer: 'Datenschutz Nord GmbH, dsb@muster.example',
      register: 'Amtsgericht Hafenstadt HRB 4711',
      vat_id: 'DE123456789',
      retention_until: t.deps.config.retentionUntil,
      result_link_days: t.deps.config.booking.resultLinkDays,
    });
  });

  it('names the centre with its own address when no operator is set, and no web address as a person', async () => {
    const c = await bookingCentre();
    const body = (await legal(c)).json();
    expect(body.operator).toEqual({
      name: 'Testzentrum Buchung',
      street: 'Marktplatz 3',
      zip: '12345',
      city: 'Musterstadt',
    });
    // prof_dataprotect of this centre is a web address: the page links it, it names no officer.
    expect(body.data_protection_officer).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/public/booking/gibt-es-nicht/legal' })).statusCode).toBe(
      404,
    );
  });
});

describe('free slots', () => {
  it('are the opening hours minus the break, booked places and blocked slots', async () => {
    const c = await bookingCentre();
    expect(await slotTimes(c)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:30', '11:00', '11:30']);
    expect((await book(c, { time: '09:00' })).statusCode).toBe(200);
    const [cust] = await t.database.db
      .insert(customers)
      .values({ staff_id: c.centre.id, first_name: 'B', last_name: 'Block' })
      .returning();
    await t.database.db.insert(appointments).values({
      staff_id: c.centre.id,
      customer_id: cust!.id,
      service_id: c.inactive.id,
      token: randomUUID(),
      start_date: new Date(`${DAY}T11:00:00+02:00`),
      end_date: new Date(`${DAY}T11:30:00+02:00`),
      should_block_slot: true,
    });
    expect(await slotTimes(c)).toEqual(['08:00', '08:30', '09:30', '10:30', '11:30']);
  });

  it('start no earlier than the lead time from now, and none beyond the days ahead', async () => {
    const c = await bookingCentre();
    // 10:20 + 30 minutes lead: 10:50, so the first slot today is 11:00.
    expect(await slotTimes(c, TODAY)).toEqual(['11:00', '11:30']);
    expect(await slotTimes(c, '2026-06-15')).toEqual([]);
    expect(await slotTimes(c, '2026-08-15')).not.toEqual([]);
    expect(await slotTimes(c, '2026-08-17')).toEqual([]);
  });

  it('are refused for a service that is inactive or not the centre’s', async () => {
    const c = await bookingCentre();
    const other = await bookingCentre();
    for (const id of [c.inactive.id, other.service.id]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/booking/${c.searchName}/slots?service_id=${id}&date=${DAY}`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe('SERVICE_NOT_BOOKABLE');
    }
  });
});

describe('booking', () => {
  it('creates customer, appointment (source customer), booking and confirmation mail in one go', async () => {
    const c = await bookingCentre();
    const who = person('ok');
    const res = await book(c, { ...who, email: who.email.toUpperCase(), passport: 'C01X00T47', consent_result: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'approved',
      date: DAY,
      time: '08:30',
      end_time: '09:00',
      service_title: 'Antigen-Schnelltest',
      first_name: 'Erika',
      cancellable: true,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.form_path).toMatch(/^\/check-in\/\d+\//);

    const [a] = await t.database.db
      .select()
      .from(appointments)
      .innerJoin(customers, eq(customers.id, appointments.customer_id))
      .where(and(eq(appointments.staff_id, c.centre.id), eq(customers.last_name, who.last_name)));
    expect(a!.appointments).toMatchObject({ source: 'customer', status: 'approved', service_id: c.service.id });
    expect(a!.customers).toMatchObject({ birthday: '1985-04-12', passport: 'C01X00T47', postcode: '12345' });
    const [b] = await t.database.db.select().from(bookings).where(eq(bookings.appointment_id, a!.appointments.id));
    expect(b).toMatchObject({ email: who.email.toLowerCase(), result_consent: true });
    // Only a hash of the token is stored.
    expect(b!.token_hash).not.toContain(body.token);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(a!.appointments.id)), eq(auditLog.action, 'create')));
    expect(audit).toHaveLength(1);

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email.toLowerCase()));
    expect(mail).toMatchObject({ kind: 'booking_confirmation', subject: 'Terminbestätigung – Testzentrum Buchung' });
    expect(mail!.text).toContain('Guten Tag Erika Online-ok');
    expect(mail!.text).toContain('am 17.06.2026 um 08:30 Uhr');
    expect(mail!.text).toContain('Marktplatz 3, 12345 Musterstadt');
    // Links from the installation's configured address, never from the request's Host (issue 16).
    const base = installationBaseUrl(t.deps.config);
    expect(mail!.text).toContain(`${base}/buchung/${body.token}`);
    expect(mail!.text).toContain(`${base}${body.form_path}`);
    // ... and clickable in the HTML part
    expect(mail!.html).toContain(`<a href="${base}/buchung/${body.token}">`);
    expect(mail!.text).not.toContain('1985');
  });

  it('shows up at once in the staff list, filtered by who booked', async () => {
    const c = await bookingCentre(2);
    const who = person('liste');
    expect((await book(c, who)).statusCode).toBe(200);
    const staffBooked = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${c.centre.id}/appointments/with-customer`,
      headers: c.headers,
      payload: {
        staff_id: c.centre.id,
        first_name: 'Sven',
        last_name: 'Vorort',
        service_id: c.service.id,
        date: DAY,
        time: '08:30',
      },
    });
    expect(staffBooked.statusCode, staffBooked.body).toBe(200);
    const list = async (source: string | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/${c.centre.id}/appointments`,
        headers: c.headers,
        payload: {
          startdate: Math.floor(new Date(`${DAY}T00:00:00+02:00`).getTime() / 1000),
          enddate: Math.floor(new Date(`${DAY}T23:59:59+02:00`).getTime() / 1000),
          source,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AppointmentValues[]).map(appointmentOf).map((r) => `${r.customer_lastname}:${r.source}`);
    };
    expect((await list(null)).sort()).toEqual([`${who.last_name}:customer`, 'Vorort:staff']);
    expect(await list('customer')).toEqual([`${who.last_name}:customer`]);
    expect(await list('staff')).toEqual(['Vorort:staff']);
  });

  it.each([
    ['on a holiday', 'holiday', { time: '08:30' }, 'holiday'],
    ['in a break', 'break', { time: '10:00' }, null],
    ['outside the opening hours', 'outside_hours', { time: '12:00' }, null],
    ['on a closed day', 'closed', { date: '2026-06-21' }, null],
    ['off the slot grid', 'off_grid', { time: '08:10' }, null],
  ])('is refused %s', async (_name, reason, fields, setup) => {
    const c = await bookingCentre();
    if (setup === 'holiday') {
      const h = await t.app.inject({
        method: 'POST',
        url: `/api/staff/${c.centre.id}/schedule/holidays`,
        headers: c.headers,
        payload: { date: [DAY] },
      });
      expect(h.statusCode, h.body).toBe(200);
    }
    const res = await book(c, fields);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toBe('SLOT_NOT_BOOKABLE');
    expect(refusal(res)).toBe(reason);
    expect(res.json().message).not.toContain('Trotzdem buchen');
  });

  it('is refused in the past, within the lead time and beyond the days ahead', async () => {
    const c = await bookingCentre();
    const past = await book(c, { date: TODAY, time: '09:30' });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ error: 'SLOT_IN_PAST', details: [{ field: 'time' }] });
    const soon = await book(c, { date: TODAY, time: '10:30' });
    expect(soon.json()).toMatchObject({ error: 'TOO_SOON', details: [{ field: 'time' }] });
    expect((await book(c, { date: TODAY, time: '11:00' })).statusCode).toBe(200);
    const far = await book(c, { date: '2026-08-17' });
    expect(far.json()).toMatchObject({ error: 'TOO_FAR_AHEAD', details: [{ field: 'date' }] });
  });

  it('is refused beyond capacity and on a blocked slot, with a message that asks for another time', async () => {
    const c = await bookingCentre(2);
    expect((await book(c)).statusCode).toBe(200);
    expect((await book(c)).statusCode).toBe(200);
    const full = await book(c);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'SLOT_TAKEN', message: BOOKING_MSG.slotTaken });

    const [cust] = await t.database.db
      .insert(customers)
      .values({ staff_id: c.centre.id, first_name: 'B', last_name: 'Block' })
      .returning();
    const block = (n: number) => ({
      staff_id: c.centre.id,
      customer_id: cust!.id,
      service_id: c.service.id,
      token: randomUUID() + n,
      start_date: new Date(`${DAY}T09:00:00+02:00`),
      end_date: new Date(`${DAY}T09:30:00+02:00`),
      should_block_slot: true,
    });
    await t.database.db.insert(appointments).values([block(1), block(2)]);
    expect((await book(c, { time: '09:00' })).statusCode).toBe(409);
  });

  it('is refused for an inactive service and without the consent', async () => {
    const c = await bookingCentre();
    const inactive = await book(c, { service_id: c.inactive.id });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().error).toBe('SERVICE_NOT_BOOKABLE');
    const noConsent = await book(c, { consent_privacy: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().details).toEqual([{ field: 'consent_privacy', message: BOOKING_MSG.consentRequired }]);
    const missing = await book(c, { email: '', phone: '', birthday: undefined });
    expect(missing.statusCode).toBe(400);
    const fields = new Set(missing.json().details.map((d: { field: string }) => d.field));
    expect([...fields].sort()).toEqual(['birthday', 'email', 'phone']);
  });

  it('refuses a request that fills the hidden honeypot field, and books nothing', async () => {
    const c = await bookingCentre();
    const res = await book(c, { website: 'https://spam.example' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'BOOKING_REFUSED', message: BOOKING_MSG.refused });
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.staff_id, c.centre.id));
    expect(rows).toHaveLength(0);
  });
});

describe('the race for the last place', () => {
  it('has exactly one winner among parallel bookings; the others are told and see no slot', async () => {
    const c = await bookingCentre(1);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => book(c, person(`race-${i}`))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.staff_id, c.centre.id), eq(appointments.status, 'approved')));
    expect(rows).toHaveLength(1);
    expect(await slotTimes(c)).not.toContain('08:30');
  });

  it('has exactly one winner between a customer and staff booking the same last place', async () => {
    const c = await bookingCentre(1);
    const staff = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/${c.centre.id}/appointments/with-customer`,
        headers: c.headers,
        payload: {
          staff_id: c.centre.id,
          first_name: 'Sven',
          last_name: 'Vorort',
          service_id: c.service.id,
          date: DAY,
          time: '08:30',
        },
      });
    const answers = await Promise.all([book(c), staff(), book(c), staff()]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.staff_id, c.centre.id), eq(appointments.status, 'approved')));
    expect(rows).toHaveLength(1);
  });
});

describe('the booking lock of a centre', () => {
  it('makes a staff booking wait for a booking in progress, which then takes the last place', async () => {
    const c = await bookingCentre(1);
    const customer = await createCustomer(t.database.db, { staff_id: c.centre.id });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let lockTaken!: () => void;
    const taken = new Promise<void>((r) => {
      lockTaken = r;
    });
    // What the booking page does between its check and its commit, with the lock held meanwhile.
    const inProgress = t.database.db.transaction(async (tx) => {
      await lockCentreSlots(tx, c.centre.id);
      lockTaken();
      await held;
      await tx.insert(appointments).values({
        staff_id: c.centre.id,
        customer_id: customer.id,
        service_id: c.service.id,
        token: randomUUID(),
        start_date: new Date(`${DAY}T08:30:00+02:00`),
        end_date: new Date(`${DAY}T09:00:00+02:00`),
        source: 'customer',
      });
    });
    await taken;
    let answered = false;
    const staff = t.app
      .inject({
        method: 'POST',
        url: `/api/staff/${c.centre.id}/customers/${customer.id}/appointments`,
        headers: c.headers,
        payload: { staff_id: c.centre.id, service_id: c.service.id, date: DAY, time: '08:30' },
      })
      .then((r) => {
        answered = true;
        return r;
      });
    await new Promise((r) => setTimeout(r, 400));
    expect(answered).toBe(false);
    release();
    await inProgress;
    const res = await staff;
    expect(res.statusCode, res.body).toBe(422);
    expect(refusal(res)).toBe('full');
  });
});

describe('cancelling by the link', () => {
  it('cancels until the start, frees the slot at once, mails a notice and answers the same again', async () => {
    const c = await bookingCentre(1);
    const who = person('storno');
    const booked = await book(c, who);
    expect(booked.statusCode).toBe(200);
    const token = booked.json().token as string;
    expect(await slotTimes(c)).not.toContain('08:30');

    const view = await t.app.inject({ method: 'GET', url: `/api/public/bookings/${token}` });
    expect(view.json()).toMatchObject({ status: 'approved', cancellable: true, time: '08:30' });

    const res = await t.app.inject({ method: 'POST', url: `/api/public/bookings/${token}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellable: false, form_path: null });
    expect(await slotTimes(c)).toContain('08:30');
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(['booking_cancelled', 'booking_confirmation']);
    const again = await t.app.inject({ method: 'POST', url: `/api/public/bookings/${token}/cancel` });
    expect(again.json().status).toBe('cancelled');
  });

  it('refuses a forged token and a cancel after the start', async () => {
    const c = await bookingCentre(1);
    const booked = await book(c);
    const token = booked.json().token as string;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const url of [`/api/public/bookings/${forged}`, `/api/public/bookings/${forged}/cancel`]) {
      const res = await t.app.inject({ method: url.endsWith('cancel') ? 'POST' : 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'BOOKING_NOT_FOUND', message: BOOKING_MSG.notFound });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/public/bookings/kurz' })).statusCode).toBe(400);

    setClock(new Date(`${DAY}T08:31:00+02:00`));
    const late = await t.app.inject({ method: 'POST', url: `/api/public/bookings/${token}/cancel` });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ error: 'ALREADY_STARTED', message: BOOKING_MSG.notCancellable });
    expect((await t.app.inject({ method: 'GET', url: `/api/public/bookings/${token}` })).json()).toMatchObject({
      status: 'approved',
      cancellable: false,
    });
  });
});

describe('abuse limits', () => {
  // The limits are config (README); these tests lower them on the running app and put them back.
  const limits = () => t.deps.config.booking;
  let saved: ReturnType<typeof limits>;
  beforeAll(() => {
    saved = { ...limits() };
  });
  afterEach(() => Object.assign(limits(), saved));

  it('limits attempts per person: per e-mail address and per phone number, however written', async () => {
    const c = await bookingCentre(5);
    limits().maxPerPersonHour = 2;
    const email = `viel-${randomUUID().slice(0, 6)}@kunde.example`;
    expect((await book(c, { email })).statusCode).toBe(200);
    expect((await book(c, { email, time: '09:00' })).statusCode).toBe(200);
    const third = await book(c, { email: email.toUpperCase(), time: '09:30' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: 'TOO_MANY_BOOKINGS', message: BOOKING_MSG.tooManyRequests });

    const phone = '0171 5550001';
    expect((await book(c, { phone })).statusCode).toBe(200);
    expect((await book(c, { phone: '+49 171 555 0001', time: '09:00' })).statusCode).toBe(200);
    expect((await book(c, { phone: '0049-171-5550001', time: '09:30' })).statusCode).toBe(429);
    // An hour later the same person may try again.
    setClock(new Date(NOW.getTime() + 3601_000));
    expect((await book(c, { email, time: '11:00' })).statusCode).toBe(200);
  });

  it('does not lock out customers who share an address (mobile network, proxy without TRUST_PROXY)', async () => {
    const c = await bookingCentre(5);
    const shared = nextIp();
    // 30 different people through one address within the hour, with the default limits.
    for (let i = 0; i < 30; i++) {
      const res = await book(
        c,
        { ...person(`netz-${i}`), time: ['08:00', '08:30', '09:00', '09:30', '10:30', '11:00'][i % 6] },
        shared,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('keeps a far higher ceiling per address against floods', async () => {
    const c = await bookingCentre(5);
    limits().maxPerIpHour = 3;
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await book(c, person(`flut-${i}`), ip)).statusCode).toBe(200);
    expect((await book(c, person('flut-3'), ip)).statusCode).toBe(429);
    expect((await book(c, person('flut-4'), nextIp())).statusCode).toBe(200);
  });

  it('counts only attempts that reach the booking step, not refused input or refusals of the limit', async () => {
    const c = await bookingCentre(5);
    limits().maxPerPersonHour = 2;
    limits().maxPerIpHour = 2;
    const ip = nextIp();
    const who = person('nur-echte');
    // Page views, refused input, the honeypot and a time too soon do not count.
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'GET', url: `/api/public/booking/${c.searchName}`, remoteAddress: ip });
      expect((await book(c, { ...who, postcode: '1234' }, ip)).statusCode).toBe(400);
      expect((await book(c, { ...who, website: 'https://spam.example' }, ip)).statusCode).toBe(422);
      expect((await book(c, { ...who, date: TODAY, time: '10:30' }, ip)).json().error).toBe('TOO_SOON');
    }
    expect((await book(c, who, ip)).statusCode).toBe(200);
    // A taken slot was a real attempt: it counts.
    const other = await bookingCentre(1);
    expect((await book(other, person('vorher'))).statusCode).toBe(200);
    expect((await book(other, who, ip)).statusCode).toBe(409);
    // Refusals of the limit are taken back: two of them half an hour later ...
    setClock(new Date(NOW.getTime() + 1800_000));
    expect((await book(c, { ...who, time: '11:00' }, ip)).statusCode).toBe(429);
    expect((await book(c, { ...who, time: '11:00' }, ip)).statusCode).toBe(429);
    // ... do not keep the person out once the first two attempts have left the window.
    setClock(new Date(NOW.getTime() + 3601_000));
    expect((await book(c, { ...who, time: '11:30' }, ip)).statusCode).toBe(200);
  });

  it('limits the open bookings of one e-mail address per day; a cancelled one does not count', async () => {
    const c = await bookingCentre(5);
    limits().maxOpenPerEmailDay = 2;
    const email = `familie-${randomUUID().slice(0, 6)}@kunde.example`;
    const first = await book(c, { email });
    expect(first.statusCode).toBe(200);
    expect((await book(c, { email })).statusCode).toBe(200);
    const third = await book(c, { email });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({ error: 'TOO_MANY_OPEN_BOOKINGS', details: [{ field: 'email' }] });
    // another day is fine
    expect((await book(c, { email, date: '2026-06-18' })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/public/bookings/${first.json().token}/cancel` });
    expect((await book(c, { email })).statusCode).toBe(200);
  });
});

describe('the result by link (with the consent given at booking)', () => {
  async function bookedWithResult(consent: boolean, res_detected: 1 | 2 = 2) {
    const c = await bookingCentre(1);
    await createLabFor(t.database.db, c.centre.id);
    const who = person(`ergebnis-${consent}`);
    const booked = await book(c, { ...who, consent_result: consent });
    expect(booked.statusCode, booked.body).toBe(200);
    const [a] = await t.database.db.select().from(appointments).where(eq(appointments.staff_id, c.centre.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${c.centre.id}/appointments/${a!.id}/result`,
      headers: c.headers,
      payload: { customer_id: a!.customer_id, res_detected },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
    const mail = mails.find((m) => m.kind === 'result_link');
    const token = mail && /\/ergebnis\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    return { c, who, mail, token };
  }
  const open = (token: string, birthday: string, pdf = false) =>
    t.app.inject({ method: 'POST', url: `/api/public/results/${token}${pdf ? '/pdf' : ''}`, payload: { birthday } });

  it('mails a link without the result; the page shows it and the certificate only with the birthday', async () => {
    const { mail, token, who } = await bookedWithResult(true);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Ihr Testergebnis liegt vor – Testzentrum Buchung');
    expect(mail!.text).not.toMatch(/positiv|negativ/i);
    expect(mail!.text).toContain('gültig');

    const wrong = await open(token!, '1985-04-13');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error: 'BIRTHDAY_MISMATCH', details: [{ field: 'birthday' }] });
    const right = await open(token!, who.birthday);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      result: 'positive',
      last_name: who.last_name,
      service_title: 'Antigen-Schnelltest',
      date: DAY,
      centre: { full_name: 'Testzentrum Buchung' },
    });
    const pdf = await open(token!, who.birthday, true);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Bescheinigung über das Ergebnis eines Tests');
    expect(text).toContain(`Erika ${who.last_name}`);
    expect(text).toContain('Ergebnis: positiv');
    expect(text).toContain('12.04.1985');
    expect((await open(token!, '1985-04-13', true)).statusCode).toBe(422);
  });

  it('sends nothing without the consent', async () => {
    const { mail } = await bookedWithResult(false, 1);
    expect(mail).toBeUndefined();
  });

  it('expires after RESULT_LINK_DAYS, refuses a forged link and locks after five wrong birthdays', async () => {
    const { token, who } = await bookedWithResult(true, 1);
    expect((await open(token!, who.birthday)).json().result).toBe('negative');
    const forged = `${token!.slice(0, -2)}${token!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await open(forged, who.birthday)).statusCode).toBe(404);

    setClock(new Date(NOW.getTime() + 14 * 86_400_000 + 60_000));
    const expired = await open(token!, who.birthday);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'RESULT_LINK_EXPIRED', message: BOOKING_MSG.resultExpired });
    setClock(NOW);

    for (let i = 0; i < 4; i++) expect((await open(token!, '1990-01-01')).statusCode).toBe(422);
    expect((await open(token!, '1990-01-01')).statusCode).toBe(423);
    const locked = await open(token!, who.birthday);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ error: 'RESULT_LOCKED', message: BOOKING_MSG.resultLocked });
  });
});
