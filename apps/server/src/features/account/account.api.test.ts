import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centres } from '../../db/schema/centres';
import { auditLog } from '../../db/schema/platform';
import { specialDays } from '../../db/schema/schedule';
import { centreWithUser, createUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { todayIn } from './account.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** yyyy-MM-dd plus n calendar days. */
const addDays = (isoDate: string, n: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const today = () => todayIn('Europe/Berlin');

async function setup() {
  const admin = await centreWithUser(t.app, t.database.db, ROLE.admin);
  const staffId = admin.centre.id;
  const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/staff/${staffId}/account${url}`, headers: admin.headers, payload });
  return { admin, staffId, req };
}
const centreRow = async (id: number) => (await t.database.db.select().from(centres).where(eq(centres.id, id)))[0]!;

describe('booking page status', () => {
  it('starts published and active', async () => {
    const { req } = await setup();
    const res = await req('GET', '/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'publish', pause_date: null, deactivated: false, today: today() });
  });

  it('"pause now" sets private and counts as deactivated; restart publishes and clears a pause date', async () => {
    const { req, staffId, admin } = await setup();
    const paused = await req('POST', '/status', { status: 'private' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'private', deactivated: true, message: MSG.changeSaved });
    await req('POST', '/suspension', { date: addDays(today(), 5) });
    const restart = await req('POST', '/status', { status: 'publish' });
    expect(restart.json()).toMatchObject({ status: 'publish', pause_date: null, deactivated: false });
    expect(await centreRow(staffId)).toMatchObject({ status: 'publish', pause_date: null });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'centre'), eq(auditLog.entity_id, String(staffId))));
    expect(audits.map((a) => a.action)).toEqual(['booking_status', 'suspend', 'booking_status']);
    expect(audits[0]!.user_id).toBe(admin.user.id);
  });

  it('refuses an unknown status value', async () => {
    const { req, staffId } = await setup();
    expect((await req('POST', '/status', { status: 'offline' })).statusCode).toBe(400);
    expect((await centreRow(staffId)).status).toBe('publish');
  });

  it('is for administrators only (role 20 or lower)', async () => {
    const { staffId } = await setup();
    const manager = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.manager });
    const { token } = await login(t.app, manager.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/account/status`,
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'private' },
    });
    expect(res.statusCode).toBe(403);
    expect((await centreRow(staffId)).status).toBe('publish');
  });
});

describe('pause from a date', () => {
  it('deletes exactly the special days with date >= pause date and date < pause date + 31 days', async () => {
    const { req, staffId } = await setup();
    const other = await setup();
    const from = addDays(today(), 10);
    const days = {
      dayBefore: addDays(from, -1),
      first: from,
      last: addDays(from, 30),
      dayAfterWindow: addDays(from, 31),
    };
    await t.database.db
      .insert(specialDays)
      .values([
        ...Object.values(days).map((date) => ({ staff_id: staffId, date, start_time: '08:00', end_time: '12:00' })),
        { staff_id: other.staffId, date: from, start_time: '08:00', end_time: '12:00' },
      ]);
    const res = await req('POST', '/suspension', { date: from });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_special_days).toBe(2);
    expect(res.json().message).toContain(from.split('-').reverse().join('.'));
    expect(res.json().message).toContain('2 Sondertage wurden gelöscht');
    const left = await t.database.db.select().from(specialDays).where(eq(specialDays.staff_id, staffId));
    expect(left.map((d) => d.date).sort()).toEqual([days.dayBefore, days.dayAfterWindow]);
    expect(await t.database.db.select().from(specialDays).where(eq(specialDays.staff_id, other.staffId))).toHaveLength(
      1,
    );
    expect((await req('GET', '/suspension')).json()).toEqual({ pause_date: from });
    // Scheduled in the future: still active until the date is due.
    expect((await req('GET', '/status')).json()).toMatchObject({ pause_date: from, deactivated: false });
  });

  it('counts a pause from today as deactivated at once', async () => {
    const { req } = await setup();
    const res = await req('POST', '/suspension', { date: today() });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('keine Sondertage');
    expect((await req('GET', '/status')).json()).toMatchObject({ status: 'publish', deactivated: true });
  });

  it('refuses a date in the past and an invalid date, changing nothing', async () => {
    const { req, staffId } = await setup();
    await t.database.db
      .insert(specialDays)
      .values({ staff_id: staffId, date: today(), start_time: '08:00', end_time: '12:00' });
    const past = await req('POST', '/suspension', { date: addDays(today(), -1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(MSG.pauseDateInPast);
    expect(past.json().details).toEqual([{ field: 'date', message: MSG.pauseDateInPast }]);
    expect((await req('POST', '/suspension', { date: '31.12.2030' })).statusCode).toBe(400);
    expect((await centreRow(staffId)).pause_date).toBeNull();
    expect(await t.database.db.select().from(specialDays).where(eq(specialDays.staff_id, staffId))).toHaveLength(1);
  });

  it('removes a scheduled pause, and says so when there is none', async () => {
    const { req, staffId } = await setup();
    await req('POST', '/suspension', { date: addDays(today(), 3) });
    const res = await req('POST', '/suspension/remove');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.suspensionRemoved);
    expect((await centreRow(staffId)).pause_date).toBeNull();
    const again = await req('POST', '/suspension/remove');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MSG.noSuspension);
  });
});

describe('today', () => {
  it('is decided by the centre time zone', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin.
    expect(todayIn('Europe/Berlin', new Date('2024-12-31T23:30:00Z'))).toBe('2025-01-01');
    expect(todayIn('UTC', new Date('2024-12-31T23:30:00Z'))).toBe('2024-12-31');
  });
});
