import { ROLE } from '@tz/shared/constants';
import { bookingRefusalMessage, MSG } from '@tz/shared/messages';
import { dayIndexOf } from '@tz/shared/rules/free-slots';
import { germanTimeOf } from '@tz/shared/rules/german-date';
import { dateInZone } from '@tz/shared/rules/time-zone';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now, nowMs } from '../../clock';
import { appointments } from '../../db/schema/appointments';
import { customers } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import {
  centreWithUser,
  createCustomer,
  createInsuranceProvider,
  createService,
  createUser,
  login,
  openOn,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let m: Awaited<ReturnType<typeof centreWithUser>>;
let staffHeaders: Record<string, string>;
let serviceId: number;
let staffId: number;
// A day a week ahead: never "today", so no test depends on the clock.
const dayAhead = (n: number) => dateInZone(new Date(nowMs() + n * 86_400_000), 'Europe/Berlin');
const date = dayAhead(8);
// each describe books on its own day, so their slots do not interfere
const plusCustomerDate = dayAhead(9);
const editDate = dayAhead(10);

beforeAll(async () => {
  t = await createTestApp();
  m = await centreWithUser(t.app, t.database.db, ROLE.manager);
  staffId = m.centre.id;
  const staff = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.staff });
  staffHeaders = { authorization: `Bearer ${(await login(t.app, staff.email)).token}` };
  // 30-minute appointments on a 30-minute grid, two places per slot
  serviceId = (
    await createService(t.database.db, {
      staff_id: staffId,
      slot_length: 1800,
      duration: 1800,
      capacity_max: 2,
      price: 2500,
    })
  ).id;
  await openOn(t.app, m.headers, staffId, [date, plusCustomerDate, editDate].map(dayIndexOf), '08:00', '12:00');
});
afterAll(() => t.close());

const newAppointment = (fields: Record<string, unknown> = {}) => ({
  date,
  time: '09:00',
  service_id: serviceId,
  staff_id: staffId,
  notes: 'Serie',
  number_of_new_appointments: 1,
  number_of_blocked_slots: 0,
  ...fields,
});

const create = (customerId: number, payload: Record<string, unknown>, headers = staffHeaders) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/${staffId}/customers/${customerId}/appointments`,
    headers,
    payload,
  });

const rowsOfCustomer = (customerId: number) =>
  t.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.customer_id, customerId))
    .orderBy(appointments.should_block_slot, appointments.start_date);

const berlinTime = (d: Date) => germanTimeOf(d, 'Europe/Berlin');

describe('series with blocked slots', () => {
  it('creates 3 appointments in a row and a blocked slot over the whole range, in one series', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    // two blocked slots would need three places at capacity 2: refused, naming the reason
    const tooMany = await create(c.id, newAppointment({ number_of_new_appointments: 3, number_of_blocked_slots: 2 }));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ error: 'SLOT_NOT_FREE', details: [{ reason: 'full', start: '09:00' }] });
    const res = await create(c.id, newAppointment({ number_of_new_appointments: 3, number_of_blocked_slots: 1 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ids).toHaveLength(3);
    expect(body.blocked_ids).toHaveLength(1);
    expect(body.id).toBe(body.ids[0]);

    const rows = await rowsOfCustomer(c.id);
    expect(rows).toHaveLength(4);
    const visits = rows.filter((r) => !r.should_block_slot);
    const blocks = rows.filter((r) => r.should_block_slot);
    expect(visits.map((r) => [berlinTime(r.start_date), berlinTime(r.end_date)])).toEqual([
      ['09:00', '09:30'],
      ['09:30', '10:00'],
      ['10:00', '10:30'],
    ]);
    // blocked slots span duration × count: 09:00 to 10:30
    expect(blocks.map((r) => [berlinTime(r.start_date), berlinTime(r.end_date)])).toEqual([['09:00', '10:30']]);
    expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
    expect(rows[0]!.series_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(visits.every((r) => r.price === 2500 && r.notes === 'Serie')).toBe(true);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/appointments/${body.id}/customers/${c.id}`,
      headers: staffHeaders,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      appointment_id: body.id,
      customer_id: c.id,
      date,
      time: '09:00',
      number_of_new_appointments: 3,
      number_of_blocked_slots: 1,
    });

    // the blocked slot takes a place: the 09:00 slot (capacity 2) is now full
    const other = await createCustomer(t.database.db, { staff_id: staffId });
    const full = await create(other.id, newAppointment({ time: '09:30' }));
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(
      bookingRefusalMessage({ reason: 'full', start: '09:30', position: 1, count: 1, blocked: 0 }, date),
    );
    expect(full.json().details).toMatchObject([{ field: 'time', message: full.json().message, reason: 'full' }]);
  });

  it('blocks beyond the opening hours only with more than one appointment', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    // 11:00 + 3 × 30 min runs to 12:30, past closing at 12:00: allowed for a series
    const ok = await create(
      c.id,
      newAppointment({ time: '11:00', number_of_new_appointments: 3, number_of_blocked_slots: 1 }),
    );
    expect(ok.statusCode).toBe(200);
    const rows = await rowsOfCustomer(c.id);
    expect(rows.filter((r) => r.should_block_slot).map((r) => berlinTime(r.end_date))).toEqual(['12:30']);
    // a single appointment outside the opening hours is refused
    const single = await create(c.id, newAppointment({ time: '12:00' }));
    expect(single.statusCode).toBe(422);
    expect(single.json().message).toBe(
      bookingRefusalMessage(
        { reason: 'outside_hours', start: '12:00', end: '12:30', open: { start_time: '08:00', end_time: '12:00' } },
        date,
      ),
    );
  });

  it('leaves nothing behind when a later row of the series fails', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const res0 = await create(c.id, newAppointment({ time: '08:00' }));
    expect(res0.statusCode).toBe(200);
    // Take the number the third row would get, so its insert fails.
    const [{ max }] = (await t.database.db
      .select({ max: sql<number>`max(${appointments.customer_appointment_id})`.mapWith(Number) })
      .from(appointments)) as [{ max: number }];
    const [taken] = await rowsOfCustomer(c.id);
    await t.database.db.insert(appointments).values({
      ...taken!,
      id: undefined,
      token: `taken-${max}`,
      customer_appointment_id: max + 3,
      status: 'cancelled',
    });
    const before = (await rowsOfCustomer(c.id)).length;
    // overbook: the booking rule must not be what refuses; the failing insert is
    const res = await create(
      c.id,
      newAppointment({ time: '10:30', number_of_new_appointments: 3, number_of_blocked_slots: 1, overbook: true }),
    );
    expect(res.statusCode).toBe(500);
    expect(await rowsOfCustomer(c.id)).toHaveLength(before);
  });

  it('refuses invalid times, dates and counts with the spec messages', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    for (const time of ['25:00', '24:30', '12:60', '012:00', '9.30', '09:00:00']) {
      const res = await create(c.id, newAppointment({ time }));
      expect(res.statusCode, time).toBe(400);
      expect(res.json().message, time).toContain(MSG.appointmentTimeFormat);
    }
    const badDate = await create(c.id, newAppointment({ date: '2026-02-30' }));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toContain(MSG.appointmentDateInvalid);
    const zero = await create(c.id, newAppointment({ number_of_new_appointments: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain(MSG.appointmentCountMin);
    const negative = await create(c.id, newAppointment({ number_of_blocked_slots: -1 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain(MSG.blockedSlotsMin);
    expect(await rowsOfCustomer(c.id)).toHaveLength(0);
  });

  it('refuses a service of another centre and an inactive service', async () => {
    const other = await centreWithUser(t.app, t.database.db, ROLE.manager);
    const foreign = await createService(t.database.db, { staff_id: other.centre.id });
    const inactive = await createService(t.database.db, { staff_id: staffId, active: false });
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const res = await create(c.id, newAppointment({ service_id: foreign.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.serviceNotOfCentre);
    const res2 = await create(c.id, newAppointment({ service_id: inactive.id }));
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toBe(MSG.serviceInactive);
    expect(res2.json().details).toEqual([{ field: 'service_id', message: MSG.serviceInactive }]);
  });

  it('lets staff overbook outside free slots only when they ask for it', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const closed = await create(c.id, newAppointment({ time: '19:00' }));
    expect(closed.statusCode).toBe(422);
    const forced = await create(c.id, newAppointment({ time: '19:00', overbook: true }));
    expect(forced.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entity_id, String(forced.json().id))));
    expect(audit!.after).toMatchObject({ overbook: true });
  });
});

describe('create appointment plus customer', () => {
  const payload = (fields: Record<string, unknown> = {}) => ({
    ...newAppointment({ time: '11:30', date: plusCustomerDate }),
    first_name: 'Lena',
    last_name: 'Beispiel',
    birthday: '1990-02-28',
    email: 'lena@example.org',
    phone: '0171 1234567',
    street: 'Hauptstraße 1',
    postcode: '10115',
    city: 'Berlin',
    passport: '',
    ...fields,
  });
  const post = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/appointments/with-customer`,
      headers: staffHeaders,
      payload: body,
    });
  const customerCount = async () =>
    Number((await t.database.db.select({ n: count() }).from(customers).where(eq(customers.staff_id, staffId)))[0]!.n);

  it('creates both, with insurance, and warns about a duplicate name and birthday', async () => {
    const { provider, iks } = await createInsuranceProvider(t.database.db, 'AOK Test', ['108310400']);
    const res = await post(
      payload({ insuranceProviderId: provider.id, ikId: iks[0]!.id, insurancePolicyNumber: 'A123456789' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ error: null, message: null });
    const [cust] = await t.database.db.select().from(customers).where(eq(customers.id, body.customer_id));
    expect(cust).toMatchObject({
      first_name: 'Lena',
      postcode: '10115',
      insurance_provider_id: provider.id,
      ik_id: iks[0]!.id,
    });
    const [appt] = await t.database.db.select().from(appointments).where(eq(appointments.id, body.appointment_id));
    expect(appt!.customer_id).toBe(body.customer_id);

    const again = await post(payload({ time: '08:30' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(MSG.duplicateCustomer);
  });

  it('creates neither when the appointment is refused', async () => {
    const before = await customerCount();
    const res = await post(payload({ last_name: 'Niemand', time: '22:00' }));
    expect(res.statusCode).toBe(422);
    expect(await customerCount()).toBe(before);
  });

  it('validates the customer fields with German messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'kein-mail' }, MSG.emailInvalid],
      [{ birthday: '2999-01-01' }, MSG.birthdayInFuture],
      [{ birthday: '2023-02-29' }, MSG.birthdayInvalid],
      [{ postcode: '1234' }, MSG.postcodeInvalid],
      [{ first_name: '  ' }, MSG.firstNameRequired],
      [{ gender: 5 }, MSG.genderInvalid],
    ];
    const before = await customerCount();
    for (const [fields, message] of cases) {
      const res = await post(payload(fields));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toContain(message);
    }
    const { provider } = await createInsuranceProvider(t.database.db, 'BKK Test', ['109999991']);
    const { iks } = await createInsuranceProvider(t.database.db, 'IKK Test', ['109999992']);
    const wrongIk = await post(payload({ insuranceProviderId: provider.id, ikId: iks[0]!.id }));
    expect(wrongIk.statusCode).toBe(400);
    expect(wrongIk.json().message).toBe(MSG.ikNotOfProvider);
    expect(await customerCount()).toBe(before);
  });
});

describe('appointment edit', () => {
  it('moves, cancels and re-blocks an appointment; the status change is audited', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const created = (
      await create(c.id, newAppointment({ date: editDate, time: '10:30', number_of_blocked_slots: 1 }))
    ).json();
    const url = `/api/staff/${staffId}/appointments/${created.id}/update`;
    const moved = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: {
        customer_id: c.id,
        start_date: `${editDate} 11:00:00`,
        service_id: serviceId,
        status: 'approved',
        notes: 'verschoben',
        number_of_new_appointments: 2,
        number_of_blocked_slots: 1,
      },
    });
    expect(moved.statusCode).toBe(200);
    // the count really changed: a second appointment follows at 11:30 (issue 13, B1)
    expect(moved.json()).toMatchObject({
      time: '11:00',
      notes: 'verschoben',
      number_of_new_appointments: 2,
      number_of_blocked_slots: 1,
    });
    const visits = (await rowsOfCustomer(c.id)).filter((r) => !r.should_block_slot);
    expect(visits.map((r) => [berlinTime(r.start_date), r.status])).toEqual([
      ['11:00', 'approved'],
      ['11:30', 'approved'],
    ]);
    let blocks = (await rowsOfCustomer(c.id)).filter((r) => r.should_block_slot);
    expect(blocks.map((r) => [berlinTime(r.start_date), berlinTime(r.end_date)])).toEqual([['11:00', '12:00']]);

    const cancelled = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: {
        customer_id: c.id,
        start_date: `${editDate} 11:00:00`,
        service_id: serviceId,
        status: 'cancelled',
        notes: 'verschoben',
        number_of_new_appointments: 1,
        number_of_blocked_slots: 0,
      },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().number_of_new_appointments).toBe(1);
    // shortened to one: the second appointment is cancelled, not left behind
    expect((await rowsOfCustomer(c.id)).filter((r) => !r.should_block_slot).map((r) => r.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    blocks = (await rowsOfCustomer(c.id)).filter((r) => r.should_block_slot);
    expect(blocks).toHaveLength(0);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(created.id)), eq(auditLog.action, 'status')));
    expect(audits.map((a) => a.after)).toEqual([{ status: 'cancelled' }]);
  });

  it('refuses a bad start_date and a customer that does not match', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const created = (await create(c.id, newAppointment({ date: editDate, time: '08:30' }))).json();
    const url = `/api/staff/${staffId}/appointments/${created.id}/update`;
    const base = {
      customer_id: c.id,
      start_date: `${editDate} 08:30:00`,
      service_id: serviceId,
      status: 'approved',
      number_of_new_appointments: 1,
      number_of_blocked_slots: 0,
    };
    const badTime = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: { ...base, start_date: `${editDate} 25:00:00` },
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toContain(MSG.appointmentTimeFormat);
    expect(badTime.json().details).toEqual([{ field: 'start_date', message: MSG.appointmentTimeFormat }]);
    const closed = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: { ...base, start_date: `${editDate} 22:00:00` },
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().details).toMatchObject([{ field: 'start_date', message: closed.json().message }]);
    expect(closed.json().message).toContain('außerhalb der Öffnungszeiten');
    const other = await createCustomer(t.database.db, { staff_id: staffId });
    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: { ...base, customer_id: other.id },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('lists the appointments of a customer without blocked slots', async () => {
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    await create(
      c.id,
      newAppointment({ time: '08:00', number_of_new_appointments: 2, number_of_blocked_slots: 1, overbook: true }),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/customers/${c.id}/appointments`,
      headers: staffHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { time: string }) => a.time)).toEqual(['08:30', '08:00']);
  });
});

describe('bulk rebooking', () => {
  it('lists appointments of inactive services and rebooks them, with the series blocked slots', async () => {
    const old = await createService(t.database.db, {
      staff_id: staffId,
      slot_length: 1800,
      duration: 1800,
      capacity_max: 5,
    });
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const created = (
      await create(c.id, newAppointment({ service_id: old.id, time: '08:00', number_of_blocked_slots: 1 }))
    ).json();
    await t.database.db.execute(sql`update services set active = false where id = ${old.id}`);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/appointments/disabled`,
      headers: staffHeaders,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { appointment_id: number }) => a.appointment_id)).toEqual([created.id]);

    const url = `/api/staff/${staffId}/appointments/bulk-service`;
    const none = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: { staff_id: staffId, appointments: {} },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(MSG.chooseCustomer);
    const noService = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: { staff_id: staffId, appointments: { [created.id]: null } },
    });
    expect(noService.statusCode).toBe(400);
    expect(noService.json().message).toContain(MSG.chooseProduct);
    const toInactive = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: { staff_id: staffId, appointments: { [created.id]: old.id } },
    });
    expect(toInactive.statusCode).toBe(422);
    expect(toInactive.json().details).toEqual([{ field: `appointments.${created.id}`, message: MSG.serviceInactive }]);

    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: staffHeaders,
      payload: { staff_id: staffId, appointments: { [created.id]: serviceId } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MSG.productsUpdated, updated: 1 });
    const rows = await rowsOfCustomer(c.id);
    expect(rows.map((r) => r.service_id)).toEqual([serviceId, serviceId]);
    expect(rows[0]!.price).toBe(2500);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/appointments/disabled`,
      headers: staffHeaders,
    });
    expect(after.json()).toEqual([]);
  });

  it('rebooks all or nothing when one appointment is not the centre’s', async () => {
    const other = await centreWithUser(t.app, t.database.db, ROLE.manager);
    const os = await createService(t.database.db, { staff_id: other.centre.id });
    const oc = await createCustomer(t.database.db, { staff_id: other.centre.id });
    const [foreign] = await t.database.db
      .insert(appointments)
      .values({
        staff_id: other.centre.id,
        customer_id: oc.id,
        service_id: os.id,
        token: `f-${nowMs()}`,
        start_date: now(),
        end_date: now(),
      })
      .returning();
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const mine = (await create(c.id, newAppointment({ time: '08:00', overbook: true }))).json();
    const second = await createService(t.database.db, { staff_id: staffId });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/appointments/bulk-service`,
      headers: staffHeaders,
      payload: { staff_id: staffId, appointments: { [mine.id]: second.id, [foreign!.id]: second.id } },
    });
    expect(res.statusCode).toBe(404);
    expect((await rowsOfCustomer(c.id))[0]!.service_id).toBe(serviceId);
  });
});

describe('tenancy', () => {
  it('refuses another centre’s appointment, customer and a body staff_id of another centre', async () => {
    const other = await centreWithUser(t.app, t.database.db, ROLE.manager);
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const created = (await create(c.id, newAppointment({ time: '08:00', overbook: true }))).json();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/appointments/${created.id}/customers/${c.id}`,
      headers: other.headers,
    });
    expect(read.statusCode).toBe(403);
    // through their own centre's path the ids do not exist
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${other.centre.id}/appointments/${created.id}/customers/${c.id}`,
      headers: other.headers,
    });
    expect(own.statusCode).toBe(404);
    const foreignCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${other.centre.id}/customers/${c.id}/appointments`,
      headers: other.headers,
      payload: newAppointment({ staff_id: other.centre.id }),
    });
    expect(foreignCustomer.statusCode).toBe(404);
    const bodyStaff = await create(c.id, newAppointment({ staff_id: other.centre.id }));
    expect(bodyStaff.statusCode).toBe(403);
  });
});
