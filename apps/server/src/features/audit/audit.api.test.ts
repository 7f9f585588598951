import { ROLE } from '@tz/shared/constants';
import type { AppointmentAuditAction } from '@tz/shared/rules/audit-actions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now, setClock } from '../../clock';
import { auditLog } from '../../db/schema/platform';
import {
  centreWithUser,
  createAppointment,
  createCustomer,
  createService,
  createUser,
  login,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeAudit } from './audit.repository';

let t: TestApp;
let a: Awaited<ReturnType<typeof centreWithUser>>;
let b: Awaited<ReturnType<typeof centreWithUser>>;
let platform: Awaited<ReturnType<typeof centreWithUser>>;
let appointment: { id: number; customer_id: number; customer_appointment_id: number };

const day = (d: string) => new Date(`${d}T10:00:00+01:00`);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  a = await centreWithUser(t.app, db, ROLE.admin);
  b = await centreWithUser(t.app, db, ROLE.admin);
  platform = await centreWithUser(t.app, db, ROLE.platformAdmin);
  const customer = await createCustomer(db, { staff_id: a.centre.id });
  const service = await createService(db, { staff_id: a.centre.id });
  const row = await createAppointment(db, { staff_id: a.centre.id, customer_id: customer.id, service_id: service.id });
  appointment = { id: row.id, customer_id: customer.id, customer_appointment_id: row.customer_appointment_id! };

  const entry = (
    staffId: number,
    userId: number,
    action: AppointmentAuditAction,
    before: object,
    after: object,
    entityId: number,
  ) =>
    writeAudit(db, {
      staff_id: staffId,
      user_id: userId,
      entity: 'appointment',
      entity_id: entityId,
      action,
      before,
      after,
    });
  const pinned = now();
  setClock(day('2026-02-02'));
  await entry(a.centre.id, a.user.id, 'status', { status: 'approved' }, { status: 'cancelled' }, appointment.id);
  setClock(day('2026-02-10'));
  await entry(a.centre.id, a.user.id, 'check_in', { checked_in: 0 }, { checked_in: 1 }, appointment.id);
  await writeAudit(db, {
    staff_id: a.centre.id,
    user_id: a.user.id,
    entity: 'user',
    entity_id: a.user.id,
    action: 'role_change',
    before: { role_id: 30 },
    after: { role_id: 25 },
  });
  await entry(b.centre.id, b.user.id, 'status', { status: 'approved' }, { status: 'cancelled' }, 999999);
  // back to the suite's pinned clock (the sessions above were made on it)
  setClock(pinned);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>, accept = 'application/json') =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, accept } });

describe('audit list of a centre', () => {
  it("shows only the caller's centre, newest first, with who and the appointment number", async () => {
    const res = await get(`/api/staff/${a.centre.id}/audit`, a.headers);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(3);
    expect(page.rows.map((r: { action: string }) => r.action)).toEqual(['role_change', 'check_in', 'status']);
    expect(page.rows.every((r: { staff_id: number }) => r.staff_id === a.centre.id)).toBe(true);
    expect(page.rows[2]).toMatchObject({
      user_name: a.user.name,
      customer_appointment_id: appointment.customer_appointment_id,
      customer_id: appointment.customer_id,
      before: { status: 'approved' },
      after: { status: 'cancelled' },
    });
    // a centre administrator of B cannot read A's list
    expect((await get(`/api/staff/${a.centre.id}/audit`, b.headers)).statusCode).toBe(403);
  });

  it('filters by date range, user, kind of change and appointment number', async () => {
    const ids = async (query: string) =>
      (await get(`/api/staff/${a.centre.id}/audit?${query}`, a.headers))
        .json()
        .rows.map((r: { action: string }) => r.action);
    expect(await ids('from=2026-02-01&till=2026-02-02')).toEqual(['status']);
    expect(await ids('from=2026-02-03')).toEqual(['role_change', 'check_in']);
    expect(await ids('kind=check_in')).toEqual(['check_in']);
    expect(await ids('kind=user')).toEqual(['role_change']);
    expect(await ids(`user_id=${a.user.id}&kind=status`)).toEqual(['status']);
    expect(await ids('user_id=987654')).toEqual([]);
    const shown = String(appointment.customer_appointment_id).slice(-6);
    expect(await ids(`appointment=${shown}`)).toEqual(['check_in', 'status']);
    const bad = await get(`/api/staff/${a.centre.id}/audit?from=2026-02-10&till=2026-02-01`, a.headers);
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/staff/${a.centre.id}/audit?kind=erfunden`, a.headers)).statusCode).toBe(400);
  });

  it('pages the list', async () => {
    const res = await get(`/api/staff/${a.centre.id}/audit?page=2`, a.headers);
    expect(res.json()).toMatchObject({ rows: [], total: 3, page: 2, page_size: 50 });
  });

  it('exports the list as CSV with German headers and German words', async () => {
    const res = await get(`/api/staff/${a.centre.id}/audit?kind=status`, a.headers, 'text/csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`protokoll_${a.centre.id}.csv`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFZeitpunkt;Zentrum;Benutzer;Was;Änderung;Termin-Nr.');
    expect(lines[1]).toBe(
      `02.02.2026 10:00;${a.centre.full_name};${a.user.name};Status geändert;Status: bestätigt → storniert;${String(appointment.customer_appointment_id).slice(-6)}`,
    );
    expect(lines).toHaveLength(3);
  });

  it('names services by their title in the CSV', async () => {
    const db = t.database.db;
    const from = await createService(db, { staff_id: a.centre.id, title: 'Schnelltest alt' });
    const to = await createService(db, { staff_id: a.centre.id, title: 'PCR neu' });
    await writeAudit(db, {
      staff_id: a.centre.id,
      user_id: a.user.id,
      entity: 'appointment',
      entity_id: 888888,
      action: 'service',
      before: { service_id: from.id },
      after: { service_id: to.id },
    });
    const res = await get(`/api/staff/${a.centre.id}/audit?kind=appointment`, a.headers, 'text/csv');
    expect(res.body).toContain('Dienstleistung geändert;Dienstleistung: Schnelltest alt → PCR neu;');
  });

  it('is for centre administrators: managers and staff are refused', async () => {
    for (const role of [ROLE.manager, ROLE.staff]) {
      const u = await createUser(t.database.db, { staff_id: a.centre.id, role_id: role });
      const { token } = await login(t.app, u.email);
      const res = await get(`/api/staff/${a.centre.id}/audit`, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('audit list of the platform', () => {
  it('shows every centre, filterable by centre, and only to the platform admin', async () => {
    const all = await get('/api/platform/audit?kind=status', platform.headers);
    const centres = all.json().rows.map((r: { staff_id: number }) => r.staff_id);
    expect(centres).toEqual(expect.arrayContaining([a.centre.id, b.centre.id]));
    expect(all.json().rows.find((r: { staff_id: number }) => r.staff_id === b.centre.id).centre_name).toBe(
      b.centre.full_name,
    );
    const onlyB = await get(`/api/platform/audit?staff_id=${b.centre.id}`, platform.headers);
    expect(onlyB.json().rows.map((r: { staff_id: number }) => r.staff_id)).toEqual([b.centre.id]);
    expect((await get('/api/platform/audit', a.headers)).statusCode).toBe(403);
    const csv = await get('/api/platform/audit', platform.headers, 'text/csv');
    expect(csv.body).toContain(b.centre.full_name);
  });
});

describe('history of an appointment', () => {
  it('lists the changes of the appointment, also to staff, and nothing of another centre', async () => {
    const staff = await createUser(t.database.db, { staff_id: a.centre.id, role_id: ROLE.staff });
    const { token } = await login(t.app, staff.email);
    const h = { authorization: `Bearer ${token}` };
    const res = await get(`/api/staff/${a.centre.id}/appointments/${appointment.id}/audit`, h);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { action: string }) => r.action)).toEqual(['check_in', 'status']);
    // B's row names appointment 999999; asked through A's path it is not shown
    const foreign = await get(`/api/staff/${a.centre.id}/appointments/999999/audit`, a.headers);
    expect(foreign.json()).toEqual([]);
  });

  it('records real changes: a check-in and a status change through the API show up', async () => {
    const db = t.database.db;
    const customer = await createCustomer(db, { staff_id: a.centre.id });
    const service = await createService(db, { staff_id: a.centre.id });
    const row = await createAppointment(db, {
      staff_id: a.centre.id,
      customer_id: customer.id,
      service_id: service.id,
    });
    const base = `/api/staff/${a.centre.id}/appointments/${row.id}`;
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `${base}/check-in`,
      headers: a.headers,
      payload: { staff_id: a.centre.id, customer_id: customer.id, value: 1 },
    });
    expect(checkIn.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'POST',
      url: `${base}/status`,
      headers: a.headers,
      payload: { id: row.id, customer_id: customer.id, status: 'cancelled' },
    });
    expect(status.statusCode).toBe(200);
    const history = (await get(`${base}/audit`, a.headers)).json();
    expect(history.map((r: { action: string; user_id: number }) => [r.action, r.user_id])).toEqual([
      ['status', a.user.id],
      ['check_in', a.user.id],
    ]);
  });
});

describe('audit rows are read-only', () => {
  it('no route changes or deletes an audit row', async () => {
    const auditRoutes = t.deps.endpoints.filter((e) => e.path.includes('audit'));
    expect(auditRoutes.length).toBe(3);
    expect(auditRoutes.every((e) => e.method === 'GET')).toBe(true);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.staff_id, a.centre.id)).limit(1);
    const urls = [
      `/api/staff/${a.centre.id}/audit`,
      `/api/staff/${a.centre.id}/audit/${row!.id}`,
      `/api/platform/audit`,
      `/api/platform/audit/${row!.id}`,
      `/api/staff/${a.centre.id}/appointments/${appointment.id}/audit`,
    ];
    for (const url of urls) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: platform.headers, payload: { action: 'x' } });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });

  it('the database refuses to change or delete an audit row', async () => {
    const db = t.database.db;
    await expect(db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.staff_id, a.centre.id))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.staff_id, a.centre.id))).rejects.toThrow();
  });
});
