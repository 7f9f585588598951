import { type AppointmentValues, appointmentOf, valuesOf } from '@tz/shared/appointments/appointment-values';
import { appointmentValuesSchema } from '@tz/shared/appointments/appointments.contract';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now, nowMs } from '../../clock';
import { appointments } from '../../db/schema/appointments';
import { auditLog } from '../../db/schema/platform';
import { receipts } from '../../db/schema/receipts';
import {
  centreWithUser,
  createAppointment,
  createClassification,
  createCustomer,
  createInstitution,
  createLabFor,
  createService,
  createUser,
  login,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CSV_HEADERS } from './appointments.csv';
import * as repo from './appointments.repository';
import * as service from './appointments.service';

let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
let other: Awaited<ReturnType<typeof centreWithUser>>;
let managerHeaders: Record<string, string>;
const rows: Record<string, number> = {};
let s1: number;
let s2: number;

/** Berlin wall-clock time as a Date (summer time UTC+2 from April to October, else UTC+1). */
const berlin = (day: string, time: string) => {
  const month = Number(day.slice(5, 7));
  return new Date(`${day}T${time}:00${month >= 4 && month <= 10 ? '+02:00' : '+01:00'}`);
};
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const D = '2024-06-10';
const dayRange = (day: string) => ({ startdate: unix(berlin(day, '00:00')), enddate: unix(berlin(day, '23:59')) + 59 });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  own = await centreWithUser(t.app, db, ROLE.staff);
  other = await centreWithUser(t.app, db, ROLE.staff);
  const manager = await createUser(db, { staff_id: own.centre.id, role_id: ROLE.manager });
  managerHeaders = { authorization: `Bearer ${(await login(t.app, manager.email)).token}` };
  await createClassification(db, { id: 2, label: '§ 4a TestV Bürgertest' });
  await createClassification(db, { id: 31, label: '§ 4 Abs. 1 Nr. 3 TestV (Nachweis geprüft)' });
  await createClassification(db, { id: 5, label: 'Märzfenster', active_from: '2024-03-01', active_till: '2024-03-31' });
  await createClassification(db, { id: 6, label: 'Inaktiv', active: false });
  s1 = (await createService(db, { staff_id: own.centre.id, title: 'Schnelltest' })).id;
  s2 = (await createService(db, { staff_id: own.centre.id, title: 'PCR-Test' })).id;
  const c = (last: string) => createCustomer(db, { staff_id: own.centre.id, last_name: last }).then((r) => r.id);
  const base = { staff_id: own.centre.id };
  rows.r1 = (
    await createAppointment(db, {
      ...base,
      customer_id: await c('Eins'),
      service_id: s1,
      start_date: berlin(D, '08:00'),
    })
  ).id;
  rows.r2 = (
    await createAppointment(db, {
      ...base,
      customer_id: await c('Zwei'),
      service_id: s1,
      start_date: berlin(D, '09:00'),
      checked_in: 1,
      res_detected: 1,
      res_date: berlin(D, '12:00'),
      payment_class_id: 2,
    })
  ).id;
  rows.r3 = (
    await createAppointment(db, {
      ...base,
      customer_id: await c('Drei'),
      service_id: s2,
      start_date: berlin(D, '10:00'),
      status: 'cancelled',
    })
  ).id;
  rows.r4 = (
    await createAppointment(db, {
      ...base,
      customer_id: await c('=HYPERLINK("http://x")'),
      service_id: s2,
      start_date: berlin(D, '11:00'),
      checked_in: 5,
      res_detected: 2,
      res_date: berlin('2024-06-12', '09:00'),
      demis_status: 'success',
      payment_class_id: 31,
      classification_checked_by: 'Test Person',
    })
  ).id;
  rows.r5 = (
    await createAppointment(db, {
      ...base,
      customer_id: await c('Fünf'),
      service_id: s1,
      start_date: berlin(D, '23:30'),
      checked_in: 4,
      vaccination_id: 7,
    })
  ).id;
  rows.r6 = (
    await createAppointment(db, {
      ...base,
      customer_id: await c('Sechs'),
      service_id: s1,
      start_date: berlin('2024-06-15', '08:00'),
    })
  ).id;
  // another centre's appointment on the same day
  const os = await createService(db, { staff_id: other.centre.id });
  const oc = await createCustomer(db, { staff_id: other.centre.id });
  rows.foreign = (
    await createAppointment(db, {
      staff_id: other.centre.id,
      customer_id: oc.id,
      service_id: os.id,
      start_date: berlin(D, '09:00'),
    })
  ).id;
});
afterAll(() => t.close());

const listUrl = () => `/api/staff/${own.centre.id}/appointments`;
async function ids(filters: Record<string, unknown>, range = dayRange(D)) {
  const res = await t.app.inject({
    method: 'POST',
    url: listUrl(),
    headers: own.headers,
    payload: { ...range, ...filters },
  });
  expect(res.statusCode, res.body).toBe(200);
  return rowsOf(res).map((r) => r.appointment_id);
}
const named = (...keys: string[]) => keys.map((k) => rows[k]);
/** The rows of a list answer (each row is sent as its values). */
const rowsOf = (res: { json: () => unknown }) => (res.json() as AppointmentValues[]).map(appointmentOf);

describe('appointments list', () => {
  it('lists the day of the own centre with every spec field, ordered by time', async () => {
    const res = await t.app.inject({ method: 'POST', url: listUrl(), headers: own.headers, payload: dayRange(D) });
    expect(res.statusCode).toBe(200);
    const list = rowsOf(res);
    expect(list.map((r) => r.appointment_id)).toEqual(named('r1', 'r2', 'r3', 'r4', 'r5'));
    const r2 = list[1];
    expect(r2).toMatchObject({
      staff_id: own.centre.id,
      date: D,
      time: '09:00',
      status: 'approved',
      customer_lastname: 'Zwei',
      customer_firstname: 'Erika',
      customer_birthday: '1980-05-17',
      service_id: s1,
      service_title: 'Schnelltest',
      service_test_v: 1,
      res_detected: 1,
      payment_class_id: 2,
      pcr_labs: [],
      aInstitutionIds: [],
      staff_name: own.centre.full_name,
      should_block_slot: false,
    });
    expect(r2!.res_date).toBe(berlin(D, '12:00').toISOString());
    // 23:30 Berlin is 21:30 UTC: the centre's day decides.
    expect(list[4]).toMatchObject({ date: D, time: '23:30' });
  });

  it.each([
    [{ status: 'approved' }, ['r1', 'r2', 'r4', 'r5']],
    [{ status: 'cancelled' }, ['r3']],
    [{ paymentClassification: 2 }, ['r2']],
    [{ paymentClassification: 0 }, ['r1', 'r3', 'r5']],
    [{ checkedIn: '0' }, ['r1', 'r3', 'r5']],
    [{ checkedIn: '1' }, ['r2', 'r4']],
    [{ checkedIn: '2' }, ['r4', 'r5']],
    [{ performed: '1' }, ['r2', 'r4', 'r5']],
    [{ performed: '0' }, ['r1', 'r3']],
    [{ result: '1' }, ['r2']],
    [{ result: '2' }, ['r4']],
    [{ demis_status: 'reported' }, ['r4']],
    [{ demis_status: 'not_reported' }, ['r1', 'r2', 'r3', 'r5']],
    [{ appointment_source: 'result' }, ['r2', 'r4']],
    [{ appointment_source: 'customer_appointments' }, ['r1', 'r2', 'r3', 'r4', 'r5']],
    [{ appointment_source: 'customer_appointments_res_date' }, ['r2']],
    [{ status: 'approved', checkedIn: '1', result: '2' }, ['r4']],
    [{ performed: '1', paymentClassification: 0 }, ['r5']],
    [
      {
        status: 'all',
        paymentClassification: null,
        checkedIn: 'all',
        performed: 'any',
        result: 'any',
        demis_status: 'any',
      },
      ['r1', 'r2', 'r3', 'r4', 'r5'],
    ],
  ])('filters %j', async (filters, expected) => {
    expect(await ids(filters)).toEqual(named(...expected));
  });

  it('filters by service', async () => {
    expect(await ids({ service_id: s2 })).toEqual(named('r3', 'r4'));
    expect(await ids({ service_id: s1, performed: '1' })).toEqual(named('r2', 'r5'));
  });

  it('filters by result date when the source says so', async () => {
    expect(await ids({ appointment_source: 'customer_appointments_res_date' }, dayRange('2024-06-12'))).toEqual(
      named('r4'),
    );
  });

  it('includes both range ends and excludes what lies outside', async () => {
    const start = berlin(D, '08:00');
    const end = berlin(D, '10:00');
    expect(await ids({}, { startdate: unix(start), enddate: unix(end) })).toEqual(named('r1', 'r2', 'r3'));
    expect(await ids({}, dayRange('2024-06-15'))).toEqual(named('r6'));
  });

  it('refuses a reversed or too long range and unknown filter values with 400', async () => {
    for (const payload of [
      { startdate: 2000, enddate: 1000 },
      { startdate: 0, enddate: 400 * 86400 },
      { ...dayRange(D), checkedIn: '3' },
      { ...dayRange(D), status: 'deleted' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: listUrl(), headers: own.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION');
    }
  });

  it('gives the count only to role 25 or lower', async () => {
    const url = `/api/staff/${own.centre.id}/appointments/count`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: managerHeaders,
      payload: { ...dayRange(D), status: 'approved' },
    });
    expect(res.json()).toEqual({ count: 4 });
    const staff = await t.app.inject({ method: 'POST', url, headers: own.headers, payload: dayRange(D) });
    expect(staff.statusCode).toBe(403);
  });

  it('downloads the same query as CSV that parses back to the same rows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: listUrl(),
      headers: { ...own.headers, accept: 'text/csv' },
      payload: { ...dayRange(D), status: 'approved' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="termine_\d+_2024-06-09_2024-06-10\.csv"/);
    const raw = res.rawPayload.toString('utf8');
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(raw.slice(1).trimEnd(), { delimiter: ';' });
    expect(parsed.errors).toEqual([]);
    const [header, ...data] = parsed.data;
    expect(header).toEqual(CSV_HEADERS);
    expect(data.map((r) => r[header!.indexOf('Nachname')])).toEqual([
      'Eins',
      'Zwei',
      `'=HYPERLINK("http://x")`,
      'Fünf',
    ]);
    expect(data[1]![header!.indexOf('Datum')]).toBe('10.06.2024');
    expect(data[1]![header!.indexOf('Uhrzeit')]).toBe('09:00');
    expect(data[1]![header!.indexOf('Ergebnis')]).toBe('negativ');
    // 12:00 Berlin summer time, written in the centre's zone
    expect(data[1]![header!.indexOf('Ergebnisdatum')]).toBe('10.06.2024 12:00');
    expect(data[0]![header!.indexOf('Ergebnisdatum')]).toBe('');
    expect(data[1]![header!.indexOf('Geburtstag')]).toBe('17.05.1980');
    expect(data[1]![header!.indexOf('Zahlungsklassifikation')]).toBe('§ 4a TestV Bürgertest');
  });

  describe('keyset paging', () => {
    const P = '2024-07-01';
    let pagedIds: number[];
    beforeAll(async () => {
      const db = t.database.db;
      const customer = (await createCustomer(db, { staff_id: own.centre.id, last_name: 'Seite' })).id;
      const at = (time: string) =>
        createAppointment(db, {
          staff_id: own.centre.id,
          customer_id: customer,
          service_id: s1,
          start_date: berlin(P, time),
        });
      // Two pairs share a start time, so a page boundary falls between equal times.
      const made = [];
      for (const time of ['09:00', '08:00', '08:00', '10:00', '10:00']) made.push((await at(time)).id);
      pagedIds = [made[1]!, made[2]!, made[0]!, made[3]!, made[4]!];
    });
    const page = async (extra: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: listUrl(),
        headers: own.headers,
        payload: { ...dayRange(P), ...extra },
      });
      expect(res.statusCode).toBe(200);
      return rowsOf(res);
    };

    it('walks the whole range in pages of limit rows, ordered by time then id, without gaps or repeats', async () => {
      expect((await page({})).map((r) => r.appointment_id)).toEqual(pagedIds);
      const seen: number[] = [];
      let after: { start_date: string; appointment_id: number } | undefined;
      for (let i = 0; i < 5; i++) {
        const rows = await page({ limit: 2, ...(after ? { after } : {}) });
        expect(rows.length).toBeLessThanOrEqual(2);
        seen.push(...rows.map((r) => r.appointment_id));
        if (rows.length < 2) break;
        const last = rows.at(-1)!;
        after = { start_date: last.start_date, appointment_id: last.appointment_id };
      }
      expect(seen).toEqual(pagedIds);
    });

    it('walks backwards from a row with `before`, each page oldest first, up to the first row', async () => {
      const seen: number[] = [];
      let before: { start_date: string; appointment_id: number } | undefined;
      const all = await page({});
      const last = all.at(-1)!;
      before = { start_date: last.start_date, appointment_id: last.appointment_id };
      for (let i = 0; i < 5 && before; i++) {
        const rows = await page({ limit: 2, before });
        expect(rows.length).toBeLessThanOrEqual(2);
        seen.unshift(...rows.map((r) => r.appointment_id));
        const first = rows[0];
        before =
          rows.length === 2 && first
            ? { start_date: first.start_date, appointment_id: first.appointment_id }
            : undefined;
      }
      expect(seen).toEqual(pagedIds.slice(0, -1));
      const cursor = { start_date: last.start_date, appointment_id: last.appointment_id };
      const both = await t.app.inject({
        method: 'POST',
        url: listUrl(),
        headers: own.headers,
        payload: { ...dayRange(P), limit: 2, after: cursor, before: cursor },
      });
      expect(both.statusCode).toBe(400);
    });

    describe("the page that contains a moment ('now')", () => {
      const pageAt = async (time: string, extra: Record<string, unknown> = {}) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `${listUrl()}/page-at`,
          headers: own.headers,
          payload: { ...dayRange(P), at: berlin(P, time).toISOString(), ...extra },
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { offset: number; has_more: boolean; rows: AppointmentValues[] };
        return { offset: body.offset, ids: body.rows.map((r) => appointmentOf(r).appointment_id), more: body.has_more };
      };

      it('answers the rows from the moment with their place in the list (the rows ordered before them) and whether more follow', async () => {
        // 08:00, 08:00 | 09:00 | 10:00, 10:00: two rows lie before 09:00.
        expect(await pageAt('09:00', { limit: 2 })).toEqual({ offset: 2, ids: pagedIds.slice(2, 4), more: true });
        expect(await pageAt('09:30', { limit: 2 })).toEqual({ offset: 3, ids: pagedIds.slice(3, 5), more: false });
        expect(await pageAt('07:00', { limit: 3 })).toEqual({ offset: 0, ids: pagedIds.slice(0, 3), more: true });
      });

      it('starts `lead` rows earlier, as far as there are any', async () => {
        expect(await pageAt('09:00', { limit: 2, lead: 1 })).toEqual({
          offset: 1,
          ids: pagedIds.slice(1, 3),
          more: true,
        });
        expect(await pageAt('09:00', { limit: 4, lead: 3 })).toEqual({
          offset: 0,
          ids: pagedIds.slice(0, 4),
          more: true,
        });
      });

      it('fills the page with earlier rows when the list ends after the moment, up to all of them', async () => {
        expect(await pageAt('10:30', { limit: 2 })).toEqual({ offset: 3, ids: pagedIds.slice(3, 5), more: false });
        expect(await pageAt('10:00', { limit: 3 })).toEqual({ offset: 2, ids: pagedIds.slice(2, 5), more: false });
        expect(await pageAt('23:00', { limit: 10, lead: 1 })).toEqual({ offset: 0, ids: pagedIds, more: false });
      });

      it('counts only the rows the filters keep, and answers an empty list as offset 0', async () => {
        expect(await pageAt('09:00', { limit: 2, status: 'cancelled' })).toEqual({ offset: 0, ids: [], more: false });
        expect(await pageAt('09:00', { limit: 2, service_id: s2 })).toEqual({ offset: 0, ids: [], more: false });
      });

      it("answers the rows as the list does (the database's JSON), and refuses a lead that fills the page", async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: `${listUrl()}/page-at`,
          headers: own.headers,
          payload: { ...dayRange(P), at: berlin(P, '09:00').toISOString(), limit: 2, lead: 1 },
        });
        const typed = await service.list(t.deps, own.centre.id, dayRange(P));
        // The typed rows' values in the contract's order (the database's JSON holds nothing else).
        expect(res.json()).toEqual({
          offset: 1,
          has_more: true,
          rows: JSON.parse(JSON.stringify(typed.slice(1, 3).map(valuesOf))),
        });
        for (const extra of [{ limit: 2, lead: 2 }, { limit: 2, at: 'jetzt' }, { lead: 1 }]) {
          const bad = await t.app.inject({
            method: 'POST',
            url: `${listUrl()}/page-at`,
            headers: own.headers,
            payload: { ...dayRange(P), at: berlin(P, '09:00').toISOString(), ...extra },
          });
          expect(bad.statusCode, JSON.stringify(extra)).toBe(400);
        }
        const foreign = await t.app.inject({
          method: 'POST',
          url: `/api/staff/${other.centre.id}/appointments/page-at`,
          headers: own.headers,
          payload: { ...dayRange(P), at: berlin(P, '09:00').toISOString(), limit: 2 },
        });
        expect(foreign.statusCode).toBe(403);
      });
    });

    it('counts the whole range whatever the page', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${listUrl()}/count`,
        headers: managerHeaders,
        payload: { ...dayRange(P), limit: 1 },
      });
      expect(res.json()).toEqual({ count: 5 });
    });

    it('refuses a page size above the maximum and a malformed cursor with 400', async () => {
      for (const extra of [
        { limit: 5001 },
        { limit: 0 },
        { limit: 2, after: { start_date: 'gestern', appointment_id: 1 } },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: listUrl(),
          headers: own.headers,
          payload: { ...dayRange(P), ...extra },
        });
        expect(res.statusCode).toBe(400);
      }
    });

    it('streams the CSV in batches that join up to every row exactly once', async () => {
      const file = await service.csv(t.deps, own.centre.id, dayRange(P), 2);
      let text = '';
      for await (const chunk of file.lines) text += chunk;
      const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { delimiter: ';' });
      const [header, ...data] = parsed.data;
      const cai = header!.indexOf('Termin-Nr.');
      expect(data).toHaveLength(5);
      expect(new Set(data.map((r) => r[cai])).size).toBe(5);
    });
  });

  it('keeps other centres out: 403 on their path, their rows never listed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${other.centre.id}/appointments`,
      headers: own.headers,
      payload: dayRange(D),
    });
    expect(res.statusCode).toBe(403);
    expect(await ids({})).not.toContain(rows.foreign);
  });
});

async function post(path: string, payload: unknown, headers = own.headers) {
  return t.app.inject({
    method: 'POST',
    url: `/api/staff/${own.centre.id}/appointments/${path}`,
    headers,
    payload: payload as object,
  });
}
async function row(id: number) {
  const [r] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return r!;
}
async function audits(id: number, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, action)));
}
async function fresh(fields: Partial<typeof appointments.$inferInsert> = {}, serviceId = s1, staffId = own.centre.id) {
  const customer = await createCustomer(t.database.db, { staff_id: staffId });
  return createAppointment(t.database.db, {
    staff_id: staffId,
    customer_id: customer.id,
    service_id: serviceId,
    ...fields,
  });
}

describe('status', () => {
  it('toggles approved and cancelled with an audit row', async () => {
    const a = await fresh();
    const res = await post(`${a.id}/status`, { id: a.id, customer_id: a.customer_id, status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.statusUpdated, status: 'cancelled' });
    expect((await row(a.id)).status).toBe('cancelled');
    const back = await post(`${a.id}/status`, { id: a.id, customer_id: a.customer_id, status: 'approved' });
    expect(back.statusCode).toBe(200);
    const log = await audits(a.id, 'status');
    expect(log.map((l) => [l.before, l.after, l.user_id])).toEqual([
      [{ status: 'approved' }, { status: 'cancelled' }, own.user.id],
      [{ status: 'cancelled' }, { status: 'approved' }, own.user.id],
    ]);
  });

  it('refuses an unknown status and a wrong customer', async () => {
    const a = await fresh();
    expect((await post(`${a.id}/status`, { id: a.id, customer_id: a.customer_id, status: 'deleted' })).statusCode).toBe(
      400,
    );
    const wrong = await post(`${a.id}/status`, { id: a.id, customer_id: a.customer_id + 999, status: 'cancelled' });
    expect(wrong.statusCode).toBe(404);
    expect((await row(a.id)).status).toBe('approved');
  });

  it("cannot change another centre's appointment through the own path", async () => {
    const before = await row(rows.foreign!);
    const res = await post(`${rows.foreign}/status`, {
      id: rows.foreign,
      customer_id: before.customer_id,
      status: 'cancelled',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.appointmentNotFound);
    const check = await post(`${rows.foreign}/check-in`, {
      staff_id: own.centre.id,
      customer_id: before.customer_id,
      value: 1,
    });
    expect(check.statusCode).toBe(404);
    expect(await row(rows.foreign!)).toEqual(before);
  });
});

describe('check-in', () => {
  it('sets and clears bit 1 only and answers the whole value', async () => {
    const a = await fresh({ checked_in: 6 });
    const on = await post(`${a.id}/check-in`, { staff_id: own.centre.id, customer_id: a.customer_id, value: 1 });
    expect(on.json()).toEqual({ value: 7 });
    const off = await post(`${a.id}/check-in`, { staff_id: own.centre.id, customer_id: a.customer_id, value: 0 });
    expect(off.json()).toEqual({ value: 6 });
    expect((await row(a.id)).checked_in).toBe(6);
    const log = await audits(a.id, 'check_in');
    expect(log.map((l) => [l.before, l.after])).toEqual([
      [{ checked_in: 6 }, { checked_in: 7 }],
      [{ checked_in: 7 }, { checked_in: 6 }],
    ]);
  });

  it('writes no audit row when nothing changes, and refuses a wrong customer without changing anything', async () => {
    const a = await fresh({ checked_in: 1 });
    const again = await post(`${a.id}/check-in`, { staff_id: own.centre.id, customer_id: a.customer_id, value: 1 });
    expect(again.json()).toEqual({ value: 1 });
    expect(await audits(a.id, 'check_in')).toHaveLength(0);
    const wrong = await post(`${a.id}/check-in`, { staff_id: own.centre.id, customer_id: a.customer_id + 1, value: 0 });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(MSG.appointmentNotFound);
    expect((await row(a.id)).checked_in).toBe(1);
  });

  it('refuses other values than 0 and 1', async () => {
    const a = await fresh();
    const res = await post(`${a.id}/check-in`, { staff_id: own.centre.id, customer_id: a.customer_id, value: 4 });
    expect(res.statusCode).toBe(400);
    expect((await row(a.id)).checked_in).toBe(0);
  });
});

describe('payment classification', () => {
  const change = (a: { id: number; customer_id: number }, newClassification: number | null, checkedBy?: string) =>
    post(`${a.id}/payment-classification`, { customer_id: a.customer_id, newClassification, checkedBy });

  it('is outside its window on the boundary days and inside one day within', async () => {
    const first = await fresh({ start_date: berlin('2024-03-01', '10:00') });
    const last = await fresh({ start_date: berlin('2024-03-31', '10:00') });
    const inside = await fresh({ start_date: berlin('2024-03-02', '00:30') });
    const insideEnd = await fresh({ start_date: berlin('2024-03-30', '23:30') });
    for (const a of [first, last]) {
      const res = await change(a, 5);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: 'CLASSIFICATION_OUTSIDE_WINDOW',
        message: MSG.classificationOutsideWindow,
      });
      expect((await row(a.id)).payment_class_id).toBeNull();
    }
    for (const a of [inside, insideEnd]) {
      const res = await change(a, 5);
      expect(res.statusCode).toBe(200);
      expect((await row(a.id)).payment_class_id).toBe(5);
    }
  });

  it('changes nothing when the row was changed between reading and writing (no lost update)', async () => {
    const a = await fresh();
    const read = await repo.findForClassification(t.database.db, own.centre.id, a.id, 2);
    expect(read).toMatchObject({ payment_class_id: null, classification: { id: 2, active: true } });
    expect((await change(a, 2)).statusCode).toBe(200); // someone else, meanwhile
    const stale = await repo.updateAppointment(
      t.database.db,
      own.centre.id,
      a.id,
      { payment_class_id: 31, classification_checked_by: 'Zu spät' },
      { staff_id: own.centre.id, user_id: null, entity: 'appointment', action: 'payment_classification' },
      repo.classificationUnchanged(read!),
    );
    expect(stale).toBe(false);
    expect(await row(a.id)).toMatchObject({ payment_class_id: 2, classification_checked_by: null });
    expect(await audits(a.id, 'payment_classification')).toHaveLength(1);
  });

  it('refuses an inactive classification and an unknown one', async () => {
    const a = await fresh();
    const res = await change(a, 6);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('CLASSIFICATION_INACTIVE');
    expect((await change(a, 999)).statusCode).toBe(404);
  });

  it('requires checkedBy above id 30 and stores it', async () => {
    const a = await fresh();
    const without = await change(a, 31);
    expect(without.statusCode).toBe(422);
    expect(without.json()).toMatchObject({
      error: 'CHECKED_BY_REQUIRED',
      message: MSG.classificationCheckedByRequired,
    });
    expect((await change(a, 31, '   ')).statusCode).toBe(422);
    expect((await row(a.id)).payment_class_id).toBeNull();
    const ok = await change(a, 31, 'Mia Mitarbeiter');
    expect(ok.json()).toEqual({ payment_class_id: 31, classification_checked_by: 'Mia Mitarbeiter' });
    const log = await audits(a.id, 'payment_classification');
    expect(log).toHaveLength(1);
    expect(log[0]!.after).toEqual({ payment_class_id: 31, classification_checked_by: 'Mia Mitarbeiter' });
  });

  it('clears the classification with null (Keine Auswahl)', async () => {
    const a = await fresh({ payment_class_id: 2 });
    const res = await change(a, null);
    expect(res.json()).toEqual({ payment_class_id: null, classification_checked_by: null });
    expect((await row(a.id)).payment_class_id).toBeNull();
  });

  it('lists the classifications with their windows', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${own.centre.id}/appointments/payment-classifications`,
      headers: own.headers,
    });
    expect(res.json()).toContainEqual({
      id: 5,
      label: 'Märzfenster',
      description: null,
      danger: null,
      active: true,
      active_from: '2024-03-01',
      active_till: '2024-03-31',
    });
  });
});

describe('results', () => {
  it('refuses a result while the centre has no PCR lab', async () => {
    const a = await fresh();
    const res = await post(`${a.id}/result`, { customer_id: a.customer_id, res_detected: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'NO_PCR_LAB', message: MSG.noPcrLab });
  });

  it('locks result entry under forced classification until a classification above 1 is chosen', async () => {
    const forced = await centreWithUser(t.app, t.database.db, ROLE.staff, { force_payment_classification: true });
    await createLabFor(t.database.db, forced.centre.id);
    const testV = await createService(t.database.db, { staff_id: forced.centre.id, service_test_v: 1 });
    const selfPay = await createService(t.database.db, { staff_id: forced.centre.id, service_test_v: 0 });
    const a = await fresh({ payment_class_id: null }, testV.id, forced.centre.id);
    const url = (id: number, what: string) => `/api/staff/${forced.centre.id}/appointments/${id}/${what}`;
    const enter = (id: number, customer_id: number) =>
      t.app.inject({
        method: 'POST',
        url: url(id, 'result'),
        headers: forced.headers,
        payload: { customer_id, res_detected: 2 },
      });

    const locked = await enter(a.id, a.customer_id);
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ error: 'CLASSIFICATION_REQUIRED', message: MSG.forcedClassificationLock });
    expect((await row(a.id)).res_detected).toBeNull();

    await t.database.db.update(appointments).set({ payment_class_id: 2 }).where(eq(appointments.id, a.id));
    const ok = await enter(a.id, a.customer_id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().res_detected).toBe(2);

    const b = await fresh({}, selfPay.id, forced.centre.id);
    expect((await enter(b.id, b.customer_id)).statusCode).toBe(200);
  });

  it('stores result and date with an audit row', async () => {
    await createLabFor(t.database.db, own.centre.id);
    const a = await fresh();
    const resDate = '2024-06-10T10:15:00.000Z';
    const res = await post(`${a.id}/result`, { customer_id: a.customer_id, res_detected: 4, res_date: resDate });
    expect(res.json()).toEqual({ res_detected: 4, res_date: resDate });
    const r = await row(a.id);
    expect(r.res_detected).toBe(4);
    expect(r.res_date?.toISOString()).toBe(resDate);
    const log = await audits(a.id, 'result');
    expect(log.map((l) => [l.before, l.after])).toEqual([
      [
        { res_detected: null, res_date: null },
        { res_detected: 4, res_date: resDate },
      ],
    ]);
    expect((await post(`${a.id}/result`, { customer_id: a.customer_id, res_detected: 3 })).statusCode).toBe(400);
  });

  it('refuses results in a vaccination centre', async () => {
    const vacc = await centreWithUser(t.app, t.database.db, ROLE.staff, { type: '2' });
    await createLabFor(t.database.db, vacc.centre.id);
    const svc = await createService(t.database.db, { staff_id: vacc.centre.id, service_test_v: 0 });
    const a = await fresh({}, svc.id, vacc.centre.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${vacc.centre.id}/appointments/${a.id}/result`,
      headers: vacc.headers,
      payload: { customer_id: a.customer_id, res_detected: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('NO_RESULTS_HERE');
  });
});

describe('the list answer built by the database', () => {
  it('equals the typed rows field by field (and so do the CSV rows): nulls, results, labs, institutions, pages and an empty range', async () => {
    const db = t.database.db;
    const c = await centreWithUser(t.app, db, ROLE.staff);
    const labs = [await createLabFor(db, c.centre.id), await createLabFor(db, c.centre.id)].map((l) => l.id);
    const svc = await createService(db, { staff_id: c.centre.id, active: false });
    const plain = await createCustomer(db, { staff_id: c.centre.id, birthday: null, street: null, email: null });
    const full = await createCustomer(db, { staff_id: c.centre.id, last_name: 'Quote "; Semikolon' });
    const at = (time: string) => berlin(D, time);
    const a1 = await createAppointment(db, {
      staff_id: c.centre.id,
      customer_id: plain.id,
      service_id: svc.id,
      start_date: at('08:00'),
    });
    const a2 = await createAppointment(db, {
      staff_id: c.centre.id,
      customer_id: full.id,
      service_id: svc.id,
      start_date: at('08:00'),
      res_detected: 2,
      res_date: new Date('2024-06-10T10:15:30.123Z'),
      payment_class_id: 31,
      classification_checked_by: 'Prüferin',
      notes: 'Zeile 1\nZeile 2',
      pcr_lab_id_selected: labs[1],
      should_block_slot: true,
      checked_in: 5,
    });
    await createAppointment(db, {
      staff_id: c.centre.id,
      customer_id: full.id,
      service_id: svc.id,
      start_date: at('23:45'),
    });
    const group = await createInstitution(db, c.centre.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/${c.centre.id}/appointments/${a2.id}/institutions/${group.id}`,
      headers: c.headers,
    });
    await db
      .insert(receipts)
      .values({ staff_id: c.centre.id, appointment_id: a2.id, receipt_number: 1, price: 1190, vat_percent: '0' });
    const same = async (q: Parameters<typeof service.list>[2]) => {
      const typed = await service.list(t.deps, c.centre.id, q);
      const answer = JSON.parse(await service.listJson(t.deps, c.centre.id, q));
      // The contract's values and types in its order, nothing else (no zod schema checks this text on its way out).
      expect(() => appointmentValuesSchema.array().parse(answer)).not.toThrow();
      expect(answer).toEqual(JSON.parse(JSON.stringify(typed.map(valuesOf))));
      // What the route sends: on PostgreSQL the whole list streamed row by row as the database builds it
      // (no length known in advance), a page in one piece; the same rows either way.
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/staff/${c.centre.id}/appointments`,
        headers: c.headers,
        payload: q,
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual(answer);
      const streamed = t.database.kind === 'postgres' && !q.limit;
      expect(sent.headers['transfer-encoding']).toBe(streamed ? 'chunked' : undefined);
      // The CSV's lean rows (it pages forwards only): the same values for the fields the file shows.
      if (!q.before) {
        const pick = (r: Record<string, unknown>) => Object.fromEntries(repo.CSV_ROW_FIELDS.map((f) => [f, r[f]]));
        expect((await repo.listCsvRows(t.deps.db, c.centre.id, q)).map(pick)).toEqual(typed.map(pick));
      }
      return typed;
    };
    const all = await same(dayRange(D));
    expect(all.map((r) => r.appointment_id)).toEqual([
      Math.min(a1.id, a2.id),
      Math.max(a1.id, a2.id),
      all[2]!.appointment_id,
    ]);
    expect(all[0]!.pcr_labs).toEqual(labs);
    expect(all.find((r) => r.appointment_id === a2.id)).toMatchObject({
      aInstitutionIds: [group.id],
      res_date: '2024-06-10T10:15:30.123Z',
      has_receipt: true,
    });
    expect(all.find((r) => r.appointment_id === a1.id)?.has_receipt).toBe(false);
    const first = await same({ ...dayRange(D), limit: 2 });
    const last = first.at(-1)!;
    expect(
      await same({
        ...dayRange(D),
        limit: 2,
        after: { start_date: last.start_date, appointment_id: last.appointment_id },
      }),
    ).toHaveLength(1);
    expect(
      (
        await same({
          ...dayRange(D),
          limit: 2,
          before: { start_date: last.start_date, appointment_id: last.appointment_id },
        })
      ).map((r) => r.appointment_id),
    ).toEqual([all[0]!.appointment_id]);
    expect(await same(dayRange('2024-01-01'))).toEqual([]);
  });
});

describe('institutions of an appointment', () => {
  it('adds only if absent, removes, replaces, and refuses foreign groups', async () => {
    const a = await fresh();
    const g1 = await createInstitution(t.database.db, own.centre.id);
    const g2 = await createInstitution(t.database.db, own.centre.id);
    const foreign = await createInstitution(t.database.db, other.centre.id);
    const base = `/api/staff/${own.centre.id}/appointments/${a.id}/institutions`;
    const call = (method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: own.headers, payload });

    expect((await call('POST', `${base}/${g1.id}`)).json()).toEqual({ aInstitutionIds: [g1.id] });
    const twice = await call('POST', `${base}/${g1.id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'ALREADY_ASSIGNED', message: MSG.institutionAlreadyAssigned });
    expect((await call('POST', `${base}/${foreign.id}`)).statusCode).toBe(404);
    expect((await call('PUT', base, { institution_ids: [g2.id, g1.id], customer_id: a.customer_id })).json()).toEqual({
      aInstitutionIds: [g1.id, g2.id].sort((x, y) => x - y),
    });
    expect((await call('PUT', base, { institution_ids: [foreign.id], customer_id: a.customer_id })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `${base}/${g1.id}`)).json()).toEqual({ aInstitutionIds: [g2.id] });
    expect((await call('DELETE', `${base}/${g1.id}`)).statusCode).toBe(404);

    const listed = await t.app.inject({
      method: 'POST',
      url: listUrl(),
      headers: own.headers,
      payload: { startdate: unix(new Date(nowMs() - 3600_000)), enddate: unix(new Date(nowMs() + 3600_000)) },
    });
    expect(rowsOf(listed).find((r) => r.appointment_id === a.id)?.aInstitutionIds).toEqual([g2.id]);
    expect(await audits(a.id, 'institutions_add')).toHaveLength(1);
    expect(await audits(a.id, 'institutions_replace')).toHaveLength(1);
  });
});

describe('today and options', () => {
  it("counts today's appointments of the centre", async () => {
    const c = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const svc = await createService(t.database.db, { staff_id: c.centre.id, active: false });
    await fresh({ checked_in: 1 }, svc.id, c.centre.id);
    await fresh({ res_detected: 1, res_date: now() }, svc.id, c.centre.id);
    await fresh({ status: 'cancelled' }, svc.id, c.centre.id);
    await fresh({ start_date: new Date(nowMs() + 3 * 86400_000) }, svc.id, c.centre.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${c.centre.id}/appointments/today`,
      headers: c.headers,
    });
    expect(res.json()).toMatchObject({ appointments: 2, checked_in: 1, processed: 1, open: 1, cancelled: 1 });
    expect(res.json().date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const opts = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${c.centre.id}/appointments/options`,
      headers: c.headers,
    });
    expect(opts.json()).toMatchObject({
      centre_type: '1',
      force_payment_classification: false,
      pcr_labs: [],
      inactive_service_appointments: 3,
    });
    expect(opts.json().services).toEqual([expect.objectContaining({ id: svc.id, active: false })]);
  });
});
