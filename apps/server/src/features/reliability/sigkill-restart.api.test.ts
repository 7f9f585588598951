import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@tz/shared/constants';
import { CSV_COLUMNS } from '@tz/shared/groups/customer-csv';
import { previousMonthRange } from '@tz/shared/rules/export-range';
import { addDays, dateInZone, zonedInstant } from '@tz/shared/rules/time-zone';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { customerInstitutions, customers } from '../../db/schema/customers';
import { exportQueue } from '../../db/schema/exports';
import {
  createCentre,
  createCustomer,
  createInstitution,
  createService,
  createUser,
  ensureTestTypes,
  PASSWORD,
} from '../../test/factories';
import { parseCsv } from '../exports/exports-test-helpers';
import { createFaultDatabase, type FaultDatabase } from './fault-database';
import { client, loginTo, type ServerProcess, startServerProcess } from './server-process';

/**
 * Faults (issue 16): a real server process is killed with SIGKILL in the middle
 * of a series creation, a group CSV import, an immediate export and a monthly
 * export, then started again on the same data. TEST_PAUSE_SQL freezes the
 * process before a chosen statement (the ones before it have run, inside their
 * transaction), so each kill lands at a known point rather than by timing.
 */

const ZONE = 'Europe/Berlin';
/** Server processes start slowly when the cores are busy: a generous bound, not a speed check. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const EXPORT_ROWS = 600; // more than the immediate export's page of 500: the kill lands after the first page
const SERIES = 50;
const BLOCKED = 50;
const IMPORT_ROWS = 2000;
const LEASE_PASSED_MS = 3 * 60_000; // past the export claim's 2-minute lease

let fdb: FaultDatabase;
let server: ServerProcess | undefined;
let ids: { centre: number; service: number; institution: number; admin: string; platform: string };
let exportDay: string;
const testNow = inject('testNow');
const today = dateInZone(new Date(testNow), ZONE);
const bookingDay = addDays(today, 7);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Writes the server answered 2xx to before some kill: each must be there afterwards. */
const acknowledged: string[] = [];

/** Runs `fn` on the test's own handle (PGlite: only while no server holds the directory). */
async function withDb<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await fdb.open();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const countWhere = (db: Database['db'], table: typeof customers | typeof appointments, where: ReturnType<typeof eq>) =>
  db
    .select({ n: count() })
    .from(table)
    .where(where)
    .then((r) => r[0]!.n);

async function start(pause?: { sql: string; nth?: number }, env: Record<string, string> = {}) {
  await server?.kill9(); // one server on the data at a time, even after a failed test
  server = await startServerProcess({
    ...fdb.env,
    TEST_NOW: testNow,
    ...env,
    ...(pause ? { TEST_PAUSE_SQL: pause.sql, TEST_PAUSE_SQL_NTH: String(pause.nth ?? 1) } : {}),
  });
  const health = await client(server.url)('GET', '/api/health');
  expect(health.status).toBe(200);
  expect(health.json).toMatchObject({ status: 'ok', database: fdb.kind });
  return client(server.url, await loginTo(server.url, ids.admin, PASSWORD));
}

/** The server is frozen inside the call: on PostgreSQL its transaction is open (idle in transaction) right now. */
async function expectOpenTransaction() {
  if (fdb.kind !== 'postgres') return;
  const database = await fdb.open();
  try {
    const res = await (database.raw as import('pg').Pool).query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
    );
    expect(res.rows[0].n).toBeGreaterThanOrEqual(1);
  } finally {
    await database.close();
  }
}

/** kill -9 while the call hangs in the frozen server; the caller never gets an answer. */
async function killDuring(call: Promise<unknown>, inTransaction: boolean) {
  // Settled as soon as the connection breaks, which is while kill9 is awaited.
  const outcome = call.then(
    () => 'answered',
    () => 'no answer',
  );
  await server!.paused;
  try {
    if (inTransaction) await expectOpenTransaction();
  } finally {
    await server!.kill9();
  }
  expect(await outcome).toBe('no answer');
}

const importUrl = () => `/api/staff/${ids.centre}/institutions/${ids.institution}/import`;
const importBody = () => ({
  staff_id: ids.centre,
  institution_id: ids.institution,
  aHeader: [...CSV_COLUMNS],
  aaData: Array.from({ length: IMPORT_ROWS }, (_, i) => [
    `Person${i}`,
    'Importiert',
    'Lindenweg 3',
    '50667',
    'Köln',
    '',
    '',
    '01.01.1980',
    '',
  ]),
});
const dailyExportBody = () => {
  const from = Math.floor(zonedInstant(exportDay, '00:00', ZONE).getTime() / 1000);
  return { interval: { start: from, end: from + 86_399 }, type: 'all' };
};

async function ackedAppointment(call: ReturnType<typeof client>, lastName: string) {
  const res = await call('POST', `/api/staff/${ids.centre}/appointments/with-customer`, {
    first_name: 'Quittiert',
    last_name: lastName,
    staff_id: ids.centre,
    service_id: ids.service,
    date: bookingDay,
    time: '09:00',
    overbook: true,
  });
  expect(res.status, res.text).toBe(200);
  acknowledged.push(lastName);
}

async function expectAcknowledgedPresent(db: Database['db']) {
  for (const lastName of acknowledged) {
    const [c] = await db.select().from(customers).where(eq(customers.last_name, lastName));
    expect(c, lastName).toBeDefined();
    expect(await countWhere(db, appointments, eq(appointments.customer_id, c!.id)), lastName).toBe(1);
  }
}

beforeAll(async () => {
  fdb = await createFaultDatabase();
  const previous = previousMonthRange(today);
  exportDay = addDays(previous.from.slice(0, 10), 11);
  ids = await withDb(async (db) => {
    await ensureTestTypes(db);
    const centre = await createCentre(db);
    const admin = await createUser(db, { staff_id: centre.id, role_id: ROLE.admin });
    const platform = await createUser(db, { staff_id: centre.id, role_id: ROLE.platformAdmin });
    const service = await createService(db, { staff_id: centre.id, title: 'Bürgertest', price: 0, test_type: 1 });
    const institution = await createInstitution(db, centre.id);
    // Last month's tests with a result, one a minute: the immediate export of that day and the monthly export.
    const customer = await createCustomer(db, { staff_id: centre.id, last_name: 'Exportkunde' });
    const first = zonedInstant(exportDay, '06:00', ZONE).getTime();
    await db.insert(appointments).values(
      Array.from({ length: EXPORT_ROWS }, (_, i) => ({
        staff_id: centre.id,
        customer_id: customer.id,
        service_id: service.id,
        token: `fault-${i}`,
        start_date: new Date(first + i * 60_000),
        end_date: new Date(first + i * 60_000 + 15 * 60_000),
        res_detected: 1,
        res_date: new Date(first + i * 60_000 + 10 * 60_000),
      })),
    );
    return {
      centre: centre.id,
      service: service.id,
      institution: institution.id,
      admin: admin.email,
      platform: platform.email,
    };
  });
});
afterAll(async () => {
  await server?.kill9();
  await fdb?.remove();
});

describe(`SIGKILL in the middle of the work, then a restart on the same data`, () => {
  it(
    'a series creation killed before its commit leaves no customer and no appointment of it',
    async () => {
      const call = await start({ sql: 'insert into "audit_log".*blocked_ids', nth: 3 });
      await ackedAppointment(call, 'VorSerie-1');
      await ackedAppointment(call, 'VorSerie-2');
      // The third series audit row comes after the customer and all 100 rows of the series were inserted.
      const series = call('POST', `/api/staff/${ids.centre}/appointments/with-customer`, {
        first_name: 'Serie',
        last_name: 'Abgebrochen',
        staff_id: ids.centre,
        service_id: ids.service,
        date: bookingDay,
        time: '10:00',
        number_of_new_appointments: SERIES,
        number_of_blocked_slots: BLOCKED,
        overbook: true,
      });
      await killDuring(series, true);

      await withDb(async (db) => {
        expect(await countWhere(db, customers, eq(customers.last_name, 'Abgebrochen'))).toBe(0);
        expect(await countWhere(db, appointments, eq(appointments.staff_id, ids.centre))).toBe(
          EXPORT_ROWS + acknowledged.length,
        );
        await expectAcknowledgedPresent(db);
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a CSV import killed before its commit leaves no customer and no membership of it',
    async () => {
      const call = await start({ sql: 'insert into "audit_log".*linked' });
      await ackedAppointment(call, 'VorImport-1');
      const body = importBody();
      await killDuring(call('POST', importUrl(), body), true);

      await withDb(async (db) => {
        expect(await countWhere(db, customers, eq(customers.last_name, 'Importiert'))).toBe(0);
        const members = await db
          .select({ n: count() })
          .from(customerInstitutions)
          .where(eq(customerInstitutions.institution_id, ids.institution));
        expect(members[0]!.n).toBe(0);
        await expectAcknowledgedPresent(db);
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'an immediate export killed after its first page reaches the caller as a broken download, never as a short file',
    async () => {
      // The second keyset page (`key_start` is only in the page queries) is read after the first 500 rows went out.
      const call = await start({ sql: 'as key_start', nth: 2 });
      // Started again after the killed import: the same import goes through whole.
      const imported = await call('POST', importUrl(), importBody());
      expect(imported.status, imported.text).toBe(200);
      expect(imported.json).toEqual({ iCountImported: IMPORT_ROWS });
      await ackedAppointment(call, 'VorExport-1');
      await killDuring(call('POST', `/api/staff/${ids.centre}/exports/daily`, dailyExportBody()), false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a monthly export killed between writing its file and marking it done is taken over by the worker and done once',
    async () => {
      // completeEntry is the only statement that sets bucket_filename: the file is complete and renamed, the entry not done.
      const call = await start({ sql: 'update "export_queue" set .*"bucket_filename" = ' });
      // Started again after the killed download: the same export arrives whole.
      const daily = await call('POST', `/api/staff/${ids.centre}/exports/daily`, dailyExportBody());
      expect(daily.status).toBe(200);
      expect(parseCsv(daily.text).rows).toHaveLength(EXPORT_ROWS);
      const requested = await call('POST', `/api/staff/${ids.centre}/exports`, {});
      expect(requested.status, requested.text).toBe(200);
      const entryId = requested.json.id as number;
      const platform = client(server!.url, await loginTo(server!.url, ids.platform, PASSWORD));
      await killDuring(platform('POST', '/api/platform/exports/dispatch'), false);

      const centreDir = path.join(fdb.env.EXPORT_DIR!, String(ids.centre));
      const orphans = readdirSync(centreDir).filter((f) => f.startsWith(`monatsexport-${entryId}-`));
      expect(orphans).toHaveLength(1); // the killed attempt's finished file, which no entry names
      await withDb(async (db) => {
        const [entry] = await db.select().from(exportQueue).where(eq(exportQueue.id, entryId));
        expect(entry).toMatchObject({ done: 0, bucket_filename: null });
      });

      // This time with the background worker, looking for due exports every second.
      const again = await start(undefined, { WORKER: '1', EXPORT_POLL_SECONDS: '1' });
      const entryNow = async () =>
        (await again('GET', `/api/staff/${ids.centre}/exports`)).json.items.find(
          (e: { id: number }) => e.id === entryId,
        );
      expect(await entryNow()).toMatchObject({ done: 0 });
      // The dead worker's claim holds for its lease; nobody renews it, so once it ran out the worker takes the entry over.
      const clock = await again('PUT', '/api/test/clock', {
        now: new Date(new Date(testNow).getTime() + LEASE_PASSED_MS).toISOString(),
      });
      expect(clock.status).toBe(200);
      for (let waited = 0; (await entryNow()).done === 0 && waited < 30_000; waited += 250) await sleep(250);
      expect(await entryNow()).toMatchObject({ done: 1, rows: EXPORT_ROWS });
      const file = await again('GET', `/api/staff/${ids.centre}/exports/${entryId}/download`);
      expect(file.status).toBe(200);
      expect(parseCsv(file.text).rows).toHaveLength(EXPORT_ROWS);
      // The dead attempt's file is gone; only the finished entry's file is left.
      expect(existsSync(path.join(centreDir, orphans[0]!))).toBe(false);
      expect(readdirSync(centreDir).filter((f) => f.startsWith(`monatsexport-${entryId}-`))).toHaveLength(1);
      await server!.stop();
      await withDb(async (db) => {
        await expectAcknowledgedPresent(db);
        const [entry] = await db.select().from(exportQueue).where(eq(exportQueue.id, entryId));
        // Two claims: the killed one and the one that finished it.
        expect(entry).toMatchObject({ done: 1, rows: EXPORT_ROWS, attempts: 2 });
        expect(await countWhere(db, customers, like(customers.last_name, 'Abgebrochen%'))).toBe(0);
        expect(await countWhere(db, customers, eq(customers.last_name, 'Importiert'))).toBe(IMPORT_ROWS);
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
