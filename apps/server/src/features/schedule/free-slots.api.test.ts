import { randomUUID } from 'node:crypto';
import { ROLE } from '@tz/shared/constants';
import { dayIndexOf } from '@tz/shared/rules/free-slots';
import { dateInZone } from '@tz/shared/rules/time-zone';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../clock';
import { appointments } from '../../db/schema/appointments';
import { customers } from '../../db/schema/customers';
import { centreWithUser, createService, createUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const date = dateInZone(new Date(nowMs() + 8 * 86_400_000), 'Europe/Berlin');
const berlin = (time: string) => sql`(${date}::date + ${time}::time) at time zone 'Europe/Berlin'`;

/** A customer of the centre and a maker of its appointments on `date` (start and end as Berlin times). */
async function bookings(staffId: number, serviceId: number) {
  const [customer] = await t.database.db
    .insert(customers)
    .values({ staff_id: staffId, first_name: 'Erika', last_name: 'Muster' })
    .returning();
  return (start: string, end: string, fields: Partial<typeof appointments.$inferInsert> = {}) => ({
    staff_id: staffId,
    customer_id: customer!.id,
    service_id: serviceId,
    token: randomUUID(),
    start_date: berlin(start) as unknown as Date,
    end_date: berlin(end) as unknown as Date,
    ...fields,
  });
}

/** A manager's new centre, open on `date`'s weekday from `start` to `end` with one break, and a bookable service of 30-minute slots. */
async function centreOpenOnDate(hours: {
  start: string;
  end: string;
  break: { start_time: string; end_time: string };
}) {
  const m = await centreWithUser(t.app, t.database.db, ROLE.manager);
  const staffId = m.centre.id;
  const service = await createService(t.database.db, {
    staff_id: staffId,
    slot_length: 1800,
    duration: 1800,
    capacity_max: 1,
    active: true,
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/staff/${staffId}/schedule/items`,
    headers: m.headers,
    payload: {
      schedule_items: [
        { day_index: dayIndexOf(date), start_time: hours.start, end_time: hours.end, break: [hours.break] },
      ],
    },
  });
  return { m, staffId, service };
}

describe('free slots of a day', () => {
  it('answers the slots of the opening hours minus break, bookings at capacity and holidays', async () => {
    const { m, staffId, service } = await centreOpenOnDate({
      start: '08:00',
      end: '11:00',
      break: { start_time: '10:00', end_time: '10:30' },
    });
    const booking = await bookings(staffId, service.id);
    await t.database.db
      .insert(appointments)
      .values([
        booking('09:00', '09:30'),
        booking('08:00', '08:30', { status: 'cancelled' }),
        booking('10:30', '11:00', { should_block_slot: true }),
      ]);

    // Reading free slots is open to every staff member (appointment screens need it).
    const staff = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.staff });
    const headers = { authorization: `Bearer ${(await login(t.app, staff.email)).token}` };
    const url = `/api/staff/${staffId}/schedule/free-slots?service_id=${service.id}&date=${date}`;
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { start_time: string }) => s.start_time)).toEqual(['08:00', '08:30', '09:30']);

    await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/schedule/holidays`,
      headers: m.headers,
      payload: { date: [date] },
    });
    expect((await t.app.inject({ method: 'GET', url, headers })).json()).toEqual([]);
  });

  it('counts the places of each span: persons of appointments, one per blocked slot of any service, none cancelled', async () => {
    const m = await centreWithUser(t.app, t.database.db, ROLE.manager);
    const staffId = m.centre.id;
    const slot = { slot_length: 1800, duration: 1800, capacity_max: 5, active: true };
    const service = await createService(t.database.db, { staff_id: staffId, ...slot });
    const other = await createService(t.database.db, { staff_id: staffId, ...slot });
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/schedule/items`,
      headers: m.headers,
      payload: { schedule_items: [{ day_index: dayIndexOf(date), start_time: '08:00', end_time: '10:00' }] },
    });
    const at = await bookings(staffId, service.id);
    await t.database.db.insert(appointments).values([
      // 08:00: 1 + 2 persons and a blocked slot of another service: 4 of 5 places
      at('08:00', '08:30'),
      at('08:00', '08:30', { number_of_persons: 2 }),
      at('08:00', '08:30', { service_id: other.id, should_block_slot: true }),
      // 08:30: two blocked slots (each one place, whatever its persons) and another service's booking
      at('08:30', '09:00', { should_block_slot: true, number_of_persons: 3 }),
      at('08:30', '09:00', { should_block_slot: true }),
      at('08:30', '09:00', { service_id: other.id, number_of_persons: 4 }),
      // 09:00: cancelled, takes nothing
      at('09:00', '09:30', { status: 'cancelled', number_of_persons: 5 }),
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/schedule/free-slots?service_id=${service.id}&date=${date}`,
      headers: m.headers,
    });
    expect(res.json().map((s: { start_time: string; free: number }) => [s.start_time, s.free])).toEqual([
      ['08:00', 1],
      ['08:30', 3],
      ['09:00', 5],
      ['09:30', 5],
    ]);
  });

  it("takes the date's special hours with both breaks instead of the weekday's; another date's special day or holiday changes nothing", async () => {
    const { m, staffId, service } = await centreOpenOnDate({
      start: '08:00',
      end: '10:00',
      break: { start_time: '08:30', end_time: '09:00' },
    });
    const url = `/api/staff/${staffId}/schedule/free-slots?service_id=${service.id}&date=${date}`;
    const starts = async () =>
      (await t.app.inject({ method: 'GET', url, headers: m.headers }))
        .json()
        .map((s: { start_time: string }) => s.start_time);
    const nextDay = dateInZone(new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000), 'Europe/Berlin');
    const addSpecialDay = (day: string, start: string, end: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/${staffId}/schedule/special-days`,
        headers: m.headers,
        payload: {
          special_days: [
            {
              date: day,
              start_time: start,
              end_time: end,
              break_start_time: '13:00',
              break_end_time: '13:30',
              break_start_time2: '14:00',
              break_end_time2: '14:30',
            },
          ],
        },
      });
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/schedule/holidays`,
      headers: m.headers,
      payload: { date: [nextDay] },
    });
    await addSpecialDay(nextDay, '06:00', '07:00');
    expect(await starts()).toEqual(['08:00', '09:00', '09:30']);

    await addSpecialDay(date, '12:30', '15:00');
    expect(await starts()).toEqual(['12:30', '13:30', '14:30']);
  });

  it('offers nothing for an inactive service', async () => {
    const m = await centreWithUser(t.app, t.database.db, ROLE.manager);
    const service = await createService(t.database.db, { staff_id: m.centre.id, active: false });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${m.centre.id}/schedule/free-slots?service_id=${service.id}&date=${date}`,
      headers: m.headers,
    });
    expect(res.json()).toEqual([]);
  });
});
