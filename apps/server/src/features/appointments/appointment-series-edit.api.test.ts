import { ROLE } from '@tz/shared/constants';
import { bookingRefusalMessage, MSG } from '@tz/shared/messages';
import { dayIndexOf } from '@tz/shared/rules/free-slots';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../auth/guard';
import { appointments } from '../../db/schema/appointments';
import { auditLog } from '../../db/schema/platform';
import { centreWithUser, createCustomer, createService } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freeSlotsOfDay } from '../schedule/free-slots.service';
import { insertHolidays, upsertSpecialDays } from '../schedule/schedule.repository';
import * as service from './appointment-edit.service';

/*
 * The series edit and the booking refusals, against the real database. "Now"
 * is a fixed instant passed to the services, so these tests give the same
 * answer on any day: a Wednesday three weeks after NOW is bookable, the
 * Thursday after it a holiday, the Sunday closed.
 */
const NOW = new Date('2026-12-01T09:00:00Z');
const DAY = '2026-12-23';
const HOLIDAY = '2026-12-24';
const SPECIAL = '2026-12-22';
const SUNDAY = '2026-12-27';

let t: TestApp;
let staffId: number;
let serviceId: number;
let auth: AuthContext;

beforeAll(async () => {
  t = await createTestApp();
  const m = await centreWithUser(t.app, t.database.db, ROLE.manager);
  staffId = m.centre.id;
  auth = {
    userId: m.user.id,
    sessionId: 'test',
    staffId,
    roleId: ROLE.manager,
    name: m.user.name,
    email: m.user.email,
    expiresAt: new Date(NOW.getTime() + 3600_000),
    stage: 'full' as const,
  };
  // 30-minute appointments on a 30-minute grid, two places per slot
  serviceId = (
    await createService(t.database.db, { staff_id: staffId, slot_length: 1800, duration: 1800, capacity_max: 2 })
  ).id;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/staff/${staffId}/schedule/items`,
    headers: m.headers,
    payload: {
      schedule_items: [DAY, HOLIDAY, SPECIAL].map((d) => ({
        day_index: dayIndexOf(d),
        start_time: '08:00',
        end_time: '18:00',
        break: [{ start_time: '12:30', end_time: '13:00' }],
      })),
    },
  });
  expect(res.statusCode).toBe(200);
  await insertHolidays(t.database.db, staffId, [HOLIDAY]);
  await upsertSpecialDays(t.database.db, staffId, [
    {
      date: SPECIAL,
      start_time: '',
      end_time: '',
      break_start_time: '',
      break_end_time: '',
      break_start_time2: '',
      break_end_time2: '',
    },
  ]);
});
afterAll(() => t.close());

const book = async (time: string, fields: { count?: number; blocked?: number; date?: string } = {}) => {
  const c = await createCustomer(t.database.db, { staff_id: staffId });
  const created = await service.createForCustomer(
    t.deps,
    auth,
    staffId,
    c.id,
    {
      date: fields.date ?? DAY,
      time,
      service_id: serviceId,
      staff_id: staffId,
      notes: 'Serie',
      number_of_new_appointments: fields.count ?? 1,
      number_of_blocked_slots: fields.blocked ?? 0,
      overbook: false,
    },
    NOW,
  );
  return { customerId: c.id, ...created };
};

const edit = (
  appointmentId: number,
  customerId: number,
  fields: { time?: string; count: number; blocked?: number; status?: 'approved' | 'cancelled'; notes?: string },
) =>
  service.update(
    t.deps,
    auth,
    staffId,
    appointmentId,
    {
      customer_id: customerId,
      start_date: `${DAY} ${fields.time ?? '09:00'}:00`,
      service_id: serviceId,
      status: fields.status ?? 'approved',
      notes: fields.notes ?? 'Serie',
      number_of_new_appointments: fields.count,
      number_of_blocked_slots: fields.blocked ?? 0,
      overbook: false,
    },
    NOW,
  );

const rowsOf = (customerId: number) =>
  t.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.customer_id, customerId))
    .orderBy(appointments.should_block_slot, asc(appointments.start_date), asc(appointments.id));

const berlin = (d: Date) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(d);
const visitsOf = async (customerId: number) =>
  (await rowsOf(customerId))
    .filter((r) => !r.should_block_slot)
    .map((r) => `${berlin(r.start_date)}-${berlin(r.end_date)} ${r.status}`);
const blocksOf = async (customerId: number) =>
  (await rowsOf(customerId))
    .filter((r) => r.should_block_slot)
    .map((r) => `${berlin(r.start_date)}-${berlin(r.end_date)} ${r.status}`);

describe('editing the number of appointments in a row', () => {
  it('extends 1 to 2: the second appointment is booked right after the first, in the same series', async () => {
    const a = await book('09:00');
    const saved = await edit(a.id, a.customerId, { count: 2 });
    expect(saved.number_of_new_appointments).toBe(2);
    expect(await visitsOf(a.customerId)).toEqual(['09:00-09:30 approved', '09:30-10:00 approved']);
    const rows = await rowsOf(a.customerId);
    expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
    expect(rows[1]!.token).not.toBe(rows[0]!.token);
    expect(rows[1]).toMatchObject({ notes: 'Serie', price: rows[0]!.price, service_id: serviceId });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(a.id)), eq(auditLog.action, 'update')));
    expect(audit!.after).toMatchObject({ count: 2, created: [rows[1]!.id], cancelled: [] });
  });

  it('shortens 3 to 1 by cancelling the last two; the blocked slot shrinks with the row', async () => {
    const a = await book('10:00', { count: 3, blocked: 1 });
    expect(await blocksOf(a.customerId)).toEqual(['10:00-11:30 approved']);
    const saved = await edit(a.id, a.customerId, { time: '10:00', count: 1, blocked: 1 });
    expect(saved).toMatchObject({ number_of_new_appointments: 1, number_of_blocked_slots: 1 });
    expect(await visitsOf(a.customerId)).toEqual([
      '10:00-10:30 approved',
      '10:30-11:00 cancelled',
      '11:00-11:30 cancelled',
    ]);
    expect(await blocksOf(a.customerId)).toEqual(['10:00-10:30 approved']);
    const statusAudits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staff_id, staffId), eq(auditLog.action, 'status')));
    expect(statusAudits.filter((r) => a.ids.slice(1).map(String).includes(r.entity_id))).toHaveLength(2);
    // growing again books new appointments; the cancelled ones stay cancelled
    await edit(a.id, a.customerId, { time: '10:00', count: 2, blocked: 1 });
    expect((await visitsOf(a.customerId)).filter((v) => v.endsWith('approved'))).toEqual([
      '10:00-10:30 approved',
      '10:30-11:00 approved',
    ]);
    expect(await visitsOf(a.customerId)).toHaveLength(4);
  });

  it('moves the whole row with its first appointment, blocked slots included', async () => {
    const a = await book('13:00', { count: 3, blocked: 1 });
    await edit(a.id, a.customerId, { time: '14:00', count: 3, blocked: 1 });
    expect(await visitsOf(a.customerId)).toEqual([
      '14:00-14:30 approved',
      '14:30-15:00 approved',
      '15:00-15:30 approved',
    ]);
    expect(await blocksOf(a.customerId)).toEqual(['14:00-15:30 approved']);
  });

  it('refuses to extend into a full time, names it, and changes nothing', async () => {
    const a = await book('15:30');
    // 16:00 is taken by two other customers: capacity 2 is reached
    await book('16:00');
    await book('16:00');
    const refused = edit(a.id, a.customerId, { time: '15:30', count: 2 });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      code: 'SLOT_NOT_FREE',
      message: bookingRefusalMessage({ reason: 'full', start: '16:00', position: 2, count: 2, blocked: 0 }, DAY),
    });
    expect(await visitsOf(a.customerId)).toEqual(['15:30-16:00 approved']);
    const again = await service.getOne(t.deps, staffId, a.id, a.customerId);
    expect(again.number_of_new_appointments).toBe(1);
  });

  it('counts the blocked slots of others when extending', async () => {
    const a = await book('16:30');
    // at 17:00 one customer is booked, and that booking blocks a second place: capacity 2 is reached
    await book('17:00', { blocked: 1 });
    await expect(edit(a.id, a.customerId, { time: '16:30', count: 2 })).rejects.toMatchObject({
      code: 'SLOT_NOT_FREE',
      details: [{ reason: 'full' }],
    });
    expect(await visitsOf(a.customerId)).toEqual(['16:30-17:00 approved']);
  });

  it('lets only the first appointment of a row change the row', async () => {
    const a = await book('08:00', { count: 3 });
    const second = a.ids[1]!;
    const view = await service.getOne(t.deps, staffId, second, a.customerId);
    expect(view.number_of_new_appointments).toBe(3);
    await expect(edit(second, a.customerId, { time: '08:30', count: 4 })).rejects.toMatchObject({
      status: 422,
      message: MSG.seriesCountOnlyFirst,
    });
    await expect(edit(second, a.customerId, { time: '09:00', count: 3 })).rejects.toMatchObject({
      status: 422,
      message: MSG.seriesMoveOnlyFirst,
    });
    const saved = await edit(second, a.customerId, { time: '08:30', count: 3, notes: 'nur dieser' });
    expect(saved.notes).toBe('nur dieser');
    expect(await visitsOf(a.customerId)).toHaveLength(3);
  });

  it('does not grow a cancelled appointment', async () => {
    const a = await book('17:30');
    await expect(edit(a.id, a.customerId, { time: '17:30', count: 2, status: 'cancelled' })).rejects.toMatchObject({
      status: 422,
      message: MSG.seriesGrowCancelled,
    });
    expect(await visitsOf(a.customerId)).toEqual(['17:30-18:00 approved']);
  });
});

describe('booking refusals name the reason', () => {
  const refusal = (time: string, date: string) => book(time, { date });

  it('on a holiday, a closed special day, a closed weekday, in a break, off the grid and in the past', async () => {
    await expect(refusal('09:00', HOLIDAY)).rejects.toMatchObject({
      status: 422,
      code: 'SLOT_NOT_FREE',
      message: `Am 24.12.2026 ist Feiertag, das Zentrum ist geschlossen. ${MSG.overbookHint}`,
      details: [{ reason: 'holiday' }],
    });
    await expect(refusal('09:00', SPECIAL)).rejects.toMatchObject({ details: [{ reason: 'closed' }] });
    await expect(refusal('09:00', SUNDAY)).rejects.toMatchObject({
      message: `Am 27.12.2026 ist das Zentrum geschlossen. ${MSG.overbookHint}`,
    });
    await expect(refusal('12:15', DAY)).rejects.toMatchObject({
      details: [{ reason: 'break', pause: { start_time: '12:30', end_time: '13:00' } }],
    });
    await expect(refusal('09:10', DAY)).rejects.toMatchObject({ details: [{ reason: 'off_grid' }] });
    await expect(refusal('09:00', '2026-11-30')).rejects.toMatchObject({
      message: `${MSG.bookingInPast} ${MSG.overbookHint}`,
    });
  });

  it('free slots take the same now: none before it today, none on a past day', async () => {
    const onDay = new Date('2026-12-23T10:05:00Z'); // 11:05 in Berlin
    const slots = await freeSlotsOfDay(t.database.db, staffId, serviceId, DAY, onDay);
    expect(slots[0]!.start_time).toBe('11:30');
    expect(await freeSlotsOfDay(t.database.db, staffId, serviceId, '2026-11-30', NOW)).toEqual([]);
    expect(await freeSlotsOfDay(t.database.db, staffId, serviceId, HOLIDAY, NOW)).toEqual([]);
  });
});
