import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROLE, SELF_PAYER_CLASSIFICATION_ID, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { exportRequestBounds, previousMonthRange, thisMonthRange } from '@tz/shared/rules/export-range';
import { addDays, dateInZone, zonedInstant } from '@tz/shared/rules/time-zone';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now, nowMs, setClock } from '../../clock';
import { type Database, openPostgres } from '../../db/client';
import { exportQueue } from '../../db/schema/exports';
import { vaccinations } from '../../db/schema/forms';
import {
  centreWithUser,
  createAppointment,
  createClassification,
  createCustomer,
  createService,
  createUser,
  ensureTestTypes,
  login,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cellContext, monthlyChunks } from './export-content';
import { bucketNameOf, centreDir } from './export-files';
import { LEASE_MS, processExportQueue, processNextExport, retryDelayMs } from './export-worker';
import * as repo from './exports.repository';
import { parseCsv } from './exports-test-helpers';

const ZONE = 'Europe/Berlin';
let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
let other: Awaited<ReturnType<typeof centreWithUser>>;
let platformHeaders: Record<string, string>;
let managerHeaders: Record<string, string>;
let today: string;
let previous: { from: string; to: string };
let exportDir: string;

const url = (staffId: number, rest = '') => `/api/staff/${staffId}/exports${rest}`;
const request = (headers: Record<string, string>, body: object = {}, staffId = own.centre.id) =>
  t.app.inject({ method: 'POST', url: url(staffId), headers, payload: body });
const list = (staffId = own.centre.id, headers: Record<string, string> = own.headers) =>
  t.app.inject({ method: 'GET', url: url(staffId), headers });
const download = (id: number, staffId = own.centre.id, headers: Record<string, string> = own.headers) =>
  t.app.inject({ method: 'GET', url: url(staffId, `/${id}/download`), headers });
const deps = () => ({ db: t.database.db, config: t.deps.config, database: t.database });

/** Nothing of an earlier test left waiting: every entry of the database done or given up. */
async function drainQueue() {
  await t.database.db.update(exportQueue).set({ done: 1 }).where(eq(exportQueue.done, 0));
}

beforeAll(async () => {
  exportDir = path.join(os.tmpdir(), `tz-export-queue-${process.pid}-${Date.now()}`);
  t = await createTestApp({ exportDir });
  const db = t.database.db;
  await ensureTestTypes(db);
  await createClassification(db, { id: SELF_PAYER_CLASSIFICATION_ID, label: 'Selbstzahler' });
  await createClassification(db, { id: 2, label: '§ 4a TestV – Bürgertest' });
  own = await centreWithUser(t.app, db, ROLE.admin);
  other = await centreWithUser(t.app, db, ROLE.admin);
  const platform = await createUser(db, { staff_id: own.centre.id, role_id: ROLE.platformAdmin });
  platformHeaders = { authorization: `Bearer ${(await login(t.app, platform.email)).token}` };
  const manager = await createUser(db, { staff_id: own.centre.id, role_id: ROLE.manager });
  managerHeaders = { authorization: `Bearer ${(await login(t.app, manager.email)).token}` };
  today = dateInZone(now(), ZONE);
  previous = previousMonthRange(today);

  // The previous month: three tests with a result (certificates), one without; one in the month before.
  const first = previous.from.slice(0, 10);
  const last = previous.to.slice(0, 10);
  const service = await createService(db, { staff_id: own.centre.id, title: 'Bürgertest', price: 0, test_type: 1 });
  const seed = async (lastName: string, day: string, time: string, withResult: boolean, staffId = own.centre.id) => {
    const serviceId =
      staffId === own.centre.id ? service.id : (await createService(db, { staff_id: staffId, price: 0 })).id;
    const c = await createCustomer(db, { staff_id: staffId, last_name: lastName });
    const start = zonedInstant(day, time, ZONE);
    await createAppointment(db, {
      staff_id: staffId,
      customer_id: c.id,
      service_id: serviceId,
      start_date: start,
      ...(withResult
        ? { res_detected: 1, res_date: new Date(start.getTime() + 15 * 60_000), payment_class_id: 2 }
        : {}),
    });
  };
  await seed('Erster', first, '00:00', true);
  await seed('Mitte', addDays(first, 9), '12:00', true);
  await seed('OhneErgebnis', addDays(first, 9), '12:30', false);
  await seed('Letzter', last, '23:59', true);
  await seed('Vormonat', addDays(first, -1), '23:59', true);
  await seed('AnderesZentrum', addDays(first, 3), '10:00', true, other.centre.id);
});
afterAll(async () => {
  await t.close();
  await rm(exportDir, { recursive: true, force: true });
});

describe('requesting a monthly export', () => {
  it('defaults to the previous month on the centre’s wall clock and lists the entry as not done', async () => {
    await drainQueue();
    const res = await request(own.headers);
    expect(res.statusCode).toBe(200);
    const entry = res.json();
    expect(entry).toMatchObject({
      export_from: previous.from,
      export_to: previous.to,
      done: 0,
      bucket_filename: null,
      failed: false,
      message: MSG.exportRequested,
    });
    const listed = (await list()).json().items;
    expect(listed[0]).toMatchObject({ id: entry.id, done: 0, export_from: previous.from, export_to: previous.to });
    const row = await repo.findEntry(t.database.db, own.centre.id, entry.id);
    expect(row!.export_from.toISOString()).toBe(zonedInstant(previous.from.slice(0, 10), '00:00', ZONE).toISOString());
  });

  it('answers the waiting entry again for the same range instead of queueing it twice', async () => {
    const a = (await request(own.headers, thisMonthRange(today))).json();
    const b = (await request(own.headers, thisMonthRange(today))).json();
    expect(b.id).toBe(a.id);
  });

  it('allows exactly five years back and up to the end of today, and refuses beyond', async () => {
    const bounds = exportRequestBounds(today);
    expect((await request(own.headers, bounds)).statusCode).toBe(200);
    const future = await request(own.headers, { from: bounds.from, to: `${addDays(today, 1)} 00:00:00` });
    expect(future.statusCode).toBe(422);
    expect(future.json().details).toEqual([{ field: 'to', message: 'Der Export darf höchstens bis heute reichen.' }]);
    const early = await request(own.headers, {
      from: `${addDays(bounds.from.slice(0, 10), -1)} 23:59:59`,
      to: bounds.to,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().details[0].field).toBe('from');
    const backward = await request(own.headers, { from: previous.to, to: previous.from });
    expect(backward.statusCode).toBe(422);
  });

  it('refuses another format than yyyy-MM-dd HH:mm:ss', async () => {
    const res = await request(own.headers, { from: '01.05.2026', to: previous.to });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('from');
  });

  it('lists the requests a page at a time, newest first, with the number of all', async () => {
    const centre = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const day = addDays(today, -i);
      const res = await request(centre.headers, { from: `${day} 00:00:00`, to: `${day} 23:59:59` }, centre.centre.id);
      ids.push(res.json().id);
    }
    const newestFirst = [...ids].reverse();
    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `${url(centre.centre.id)}${query}`, headers: centre.headers })).json();

    const first = await page('');
    expect(first.total).toBe(12);
    expect(first.items.map((e: { id: number }) => e.id)).toEqual(newestFirst.slice(0, 10));
    const second = await page('?page=2');
    expect(second).toMatchObject({ total: 12 });
    expect(second.items.map((e: { id: number }) => e.id)).toEqual(newestFirst.slice(10));
    const small = await page('?page=3&per_page=5');
    expect(small.items.map((e: { id: number }) => e.id)).toEqual(newestFirst.slice(10, 12));
    const refused = await t.app.inject({
      method: 'GET',
      url: `${url(centre.centre.id)}?per_page=1000`,
      headers: centre.headers,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('is for role 20 or lower of the centre only', async () => {
    expect((await request(managerHeaders)).statusCode).toBe(403);
    expect((await list(own.centre.id, managerHeaders)).statusCode).toBe(403);
    expect((await request(own.headers, {}, other.centre.id)).statusCode).toBe(403);
    expect((await list(other.centre.id)).statusCode).toBe(403);
  });
});

describe('the worker', () => {
  it('produces the file of exactly the centre’s tests with a result in the range, then it downloads', async () => {
    await drainQueue();
    const { id } = (await request(own.headers, previous)).json();
    expect((await download(id)).statusCode).toBe(409);
    const outcome = await processNextExport(deps(), { batch: 2 });
    expect(outcome).toMatchObject({ id, status: 'done', rows: 3 });
    const entry = (await list()).json().items.find((e: { id: number }) => e.id === id);
    expect(entry).toMatchObject({ done: 1, rows: 3 });
    expect(entry.bucket_filename).toMatch(new RegExp(`^monatsexport-${id}-`));
    const res = await download(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="monatsexport_${previous.from.slice(0, 10)}_${previous.to.slice(0, 10)}_${own.centre.id}.csv"`,
    );
    const csv = parseCsv(res.body);
    expect(csv.rows.map((r) => csv.col(r, 'Nachname'))).toEqual(['Erster', 'Mitte', 'Letzter']);
    expect(await processNextExport(deps())).toBeNull();
  });

  it('lets no other centre download it, and not even its own staff of role 25', async () => {
    await drainQueue();
    const { id } = (await request(own.headers, previous)).json();
    await processNextExport(deps());
    expect((await download(id, other.centre.id)).statusCode).toBe(403);
    const viaOwnPath = await download(id, other.centre.id, other.headers);
    expect(viaOwnPath.statusCode).toBe(404);
    expect(viaOwnPath.json().message).toBe(MSG.exportNotFound);
    expect((await download(id, own.centre.id, managerHeaders)).statusCode).toBe(403);
    // the platform administrator may act for the centre
    expect((await download(id, own.centre.id, platformHeaders)).statusCode).toBe(200);
  });

  it('leaves an entry retryable when the export fails in the middle, and produces it on the next try', async () => {
    await drainQueue();
    const { id } = (await request(own.headers, previous)).json();
    const crashed = await processNextExport(deps(), {
      batch: 1,
      hooks: {
        afterChunk: ({ rows }) => {
          if (rows >= 1) throw new Error('simulated crash');
        },
      },
    });
    expect(crashed).toMatchObject({ id, status: 'retry', error: 'simulated crash' });
    const row = await repo.findEntry(t.database.db, own.centre.id, id);
    expect(row).toMatchObject({ done: 0, failed: false, attempts: 1, claim_token: null, bucket_filename: null });
    expect(row!.last_error).toBe('simulated crash');
    // no half file is left behind
    expect((await readdir(centreDir(t.deps.config, own.centre.id))).filter((n) => n.endsWith('.part'))).toEqual([]);
    // due again after the backoff
    expect(await processNextExport(deps())).toBeNull();
    setClock(new Date(nowMs() + retryDelayMs(1) + 1000));
    expect(await processNextExport(deps())).toMatchObject({ id, status: 'done', rows: 3 });
    expect((await download(id)).statusCode).toBe(200);
  });

  it('takes over the entry of a worker that died mid-export once its claim ran out; the dead one cannot finish it', async () => {
    await drainQueue();
    const { id } = (await request(own.headers, previous)).json();
    // A worker claims the entry and dies (SIGKILL): nothing releases the claim.
    const dead = await repo.claimNext(t.database.db, 'dead-worker', now(), LEASE_MS);
    expect(dead?.id).toBe(id);
    expect(await processNextExport(deps())).toBeNull();
    setClock(new Date(nowMs() + LEASE_MS + 1000));
    const outcome = await processNextExport(deps());
    expect(outcome).toMatchObject({ id, status: 'done', rows: 3 });
    const late = await repo.completeEntry(t.database.db, id, 'dead-worker', {
      bucket_filename: bucketNameOf(id, 'dead-worker'),
      rows: 0,
      bytes: 0,
      finished_at: now(),
    });
    expect(late).toBe(false);
    const row = await repo.findEntry(t.database.db, own.centre.id, id);
    expect(row).toMatchObject({ done: 1, attempts: 2, rows: 3 });
    expect(row!.bucket_filename).not.toBe(bucketNameOf(id, 'dead-worker'));
  });

  it('gives the entry back at once when it is stopped (shutdown)', async () => {
    await drainQueue();
    const { id } = (await request(own.headers, previous)).json();
    const stop = new AbortController();
    const outcome = await processNextExport(deps(), {
      batch: 1,
      signal: stop.signal,
      hooks: { afterChunk: () => stop.abort() },
    });
    expect(outcome).toEqual({ id, status: 'stopped' });
    expect(await processNextExport(deps())).toMatchObject({ id, status: 'done' });
  });

  it('produces a vaccination centre’s monthly export from its vaccinations', async () => {
    await drainQueue();
    const db = t.database.db;
    const vacc = await centreWithUser(t.app, db, ROLE.admin, { type: VACCINATION_CENTRE_TYPE });
    const service = await createService(db, { staff_id: vacc.centre.id, title: 'Impfung' });
    const day = addDays(previous.from.slice(0, 10), 4);
    for (const [name, vaccinated] of [
      ['Geimpft', true],
      ['Ungeimpft', false],
    ] as const) {
      const c = await createCustomer(db, { staff_id: vacc.centre.id, last_name: name });
      const a = await createAppointment(db, {
        staff_id: vacc.centre.id,
        customer_id: c.id,
        service_id: service.id,
        start_date: zonedInstant(day, '10:00', ZONE),
      });
      if (vaccinated) {
        await db.insert(vaccinations).values({
          staff_id: vacc.centre.id,
          appointment_id: a.id,
          vaccine: 'Comirnaty (BioNTech/Pfizer)',
          batch_number: 'B1',
          dose: 1,
          vaccination_date: day,
        });
      }
    }
    const { id } = (await request(vacc.headers, previous, vacc.centre.id)).json();
    expect(await processNextExport(deps())).toMatchObject({ id, status: 'done', rows: 1 });
    const csv = parseCsv((await download(id, vacc.centre.id, vacc.headers)).body);
    expect(csv.rows.map((r) => csv.col(r, 'Nachname'))).toEqual(['Geimpft']);
    expect(csv.col(csv.rows[0]!, 'Impfstoff')).toBe('Comirnaty (BioNTech/Pfizer)');
  });

  it('says when the produced file is gone', async () => {
    await drainQueue();
    const { id } = (await request(own.headers, previous)).json();
    const outcome = await processNextExport(deps());
    if (outcome?.status !== 'done') throw new Error('not produced');
    await rm(path.join(centreDir(t.deps.config, own.centre.id), outcome.bucket_filename));
    const res = await download(id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.exportFileMissing);
  });
});

describe('reading the rows', () => {
  it('reads the same file through one cursor (PostgreSQL) as in keyset pages', async () => {
    const zone = 'Europe/Berlin';
    const q = {
      staffId: own.centre.id,
      from: zonedInstant(previous.from.slice(0, 10), '00:00', zone),
      till: zonedInstant(addDays(previous.to.slice(0, 10), 1), '00:00', zone),
      zone,
    };
    const ctx = await cellContext(t.database.db, zone);
    const text = async (source: Parameters<typeof monthlyChunks>[0]) => {
      let rows = 0;
      let out = '';
      for await (const chunk of monthlyChunks(source, q, false, ctx, 2, (n) => {
        rows += n;
      }))
        out += chunk;
      return { rows, out };
    };
    const keyset = await text({ db: t.database.db });
    const cursor = await text({ db: t.database.db, database: t.database });
    expect(keyset.rows).toBe(3);
    expect(cursor).toEqual(keyset);
  });
});

describe('two workers on the same database', () => {
  it('produce every entry exactly once', async () => {
    await drainQueue();
    const ids: number[] = [];
    for (let day = 1; day <= 8; day++) {
      const d = `${previous.from.slice(0, 8)}${String(day).padStart(2, '0')}`;
      ids.push((await request(own.headers, { from: `${d} 00:00:00`, to: `${d} 23:59:59` })).json().id);
    }
    // A second worker with a connection pool of its own (PostgreSQL); PGlite has one connection for all.
    let second: Database | undefined;
    if (t.database.kind === 'postgres') {
      const pool = t.database.raw as pg.Pool;
      second = openPostgres(pool.options.connectionString!, 3);
    }
    const a = { db: t.database.db, config: t.deps.config, database: t.database };
    const b = { db: second?.db ?? t.database.db, config: t.deps.config, database: second ?? t.database };
    const claimed: Record<string, number[]> = { a: [], b: [] };
    const worker = (name: 'a' | 'b', d: typeof a) =>
      processExportQueue(d, {
        batch: 1,
        hooks: {
          afterChunk: ({ entryId }) => {
            if (!claimed[name]!.includes(entryId)) claimed[name]!.push(entryId);
          },
        },
      });
    const [ra, rb] = await Promise.all([worker('a', a), worker('b', b)]);
    await second?.close();
    expect(ra.produced + rb.produced).toBe(ids.length);
    expect(ra.failed + rb.failed).toBe(0);
    expect([...claimed.a!, ...claimed.b!].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(claimed.a!.filter((id) => claimed.b!.includes(id))).toEqual([]);
    for (const id of ids) {
      const row = await repo.findEntry(t.database.db, own.centre.id, id);
      expect(row, `entry ${id}`).toMatchObject({ done: 1, attempts: 1 });
      expect(existsSync(path.join(centreDir(t.deps.config, own.centre.id), row!.bucket_filename!))).toBe(true);
    }
  });
});

describe('admin dispatch', () => {
  const dispatch = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/platform/exports/dispatch', headers });
  const status = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/platform/exports', headers });

  it('produces the waiting exports now and answers how many', async () => {
    await drainQueue();
    await request(own.headers, previous);
    await request(other.headers, previous, other.centre.id);
    expect((await status(platformHeaders)).json()).toEqual({ queued: 2, running: 0, failed: 0 });
    const res = await dispatch(platformHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ dispatched: 2, failed: 0, remaining: 0, message: '2 Exporte wurden erzeugt.' });
    const mine = (await list()).json().items[0];
    expect(mine.done).toBe(1);
    const theirs = parseCsv(
      (await download((await list(other.centre.id, other.headers)).json().items[0].id, other.centre.id, other.headers))
        .body,
    );
    expect(theirs.rows.map((r) => theirs.col(r, 'Nachname'))).toEqual(['AnderesZentrum']);
    expect((await status(platformHeaders)).json()).toEqual({ queued: 0, running: 0, failed: 0 });
  });

  it('tries given-up entries again', async () => {
    await drainQueue();
    const { id } = (await request(own.headers, previous)).json();
    await t.database.db.update(exportQueue).set({ failed: true, attempts: 5 }).where(eq(exportQueue.id, id));
    expect((await status(platformHeaders)).json()).toMatchObject({ failed: 1 });
    expect((await dispatch(platformHeaders)).json()).toMatchObject({ dispatched: 1 });
  });

  it('is for platform administrators only', async () => {
    expect((await dispatch(own.headers)).statusCode).toBe(403);
    expect((await status(own.headers)).statusCode).toBe(403);
  });
});
