import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setClock } from '../../clock';
import { exportQueue } from '../../db/schema/exports';
import { mailOutbox } from '../../db/schema/mail';
import {
  createAppointment,
  createCentre,
  createCustomer,
  createService,
  createUser,
  PASSWORD,
} from '../../test/factories';
import { startSmtp } from '../../test/smtp';
import { enqueueMail } from '../mail/mail-outbox';
import { createFaultDatabase, type FaultDatabase } from './fault-database';
import { client, loginTo, type ServerProcess, startServerProcess } from './server-process';

/**
 * Two server processes on one PostgreSQL (issue 16), as behind a load
 * balancer: clients alternate between them. Each process has its own memory
 * (session cache, worker timers), so whatever one must know of the other's
 * work has to come from the database. PGlite is one process's database: skipped there.
 */

const CACHE_SECONDS = 2;
const MAILS = 40;
const EXPORTS = 8;
/** Server processes start slowly when the cores are busy: a generous bound, not a speed check. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
// The runner's database kind (a PostgreSQL run without TEST_DATABASE_URL falls back to PGlite).
const onPostgres = inject('dbKind') === 'postgres';

let fdb: FaultDatabase;
let a: ServerProcess;
let b: ServerProcess;
/** One SMTP server per process, so the test sees which process sent what. */
let smtpA: Awaited<ReturnType<typeof startSmtp>>;
let smtpB: Awaited<ReturnType<typeof startSmtp>>;
let centreId: number;
let serviceId: number;
const users: Record<'staff' | 'manager' | 'admin' | 'blocked', { id: number; email: string }> = {} as never;

const sentBy = (smtp: Awaited<ReturnType<typeof startSmtp>>) =>
  smtp.received.flatMap((m) => m.to).filter((x) => x.startsWith('zwei-prozesse-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Past the session cache of the other process: by then a revoked session must be refused there. */
const pastTheCache = () => sleep(CACHE_SECONDS * 1000 + 500);

beforeAll(async () => {
  if (!onPostgres) return;
  fdb = await createFaultDatabase();
  smtpA = await startSmtp();
  smtpB = await startSmtp();
  const database = await fdb.open();
  try {
    const db = database.db;
    const centre = await createCentre(db);
    centreId = centre.id;
    serviceId = (await createService(db, { staff_id: centre.id })).id;
    for (const [key, role] of [
      ['staff', ROLE.staff],
      ['manager', ROLE.manager],
      ['admin', ROLE.admin],
      ['blocked', ROLE.staff],
    ] as const) {
      const u = await createUser(db, { staff_id: centre.id, role_id: role });
      users[key] = { id: u.id, email: u.email };
    }
  } finally {
    await database.close();
  }
  const env = {
    ...fdb.env,
    TEST_NOW: inject('testNow'),
    SESSION_CACHE_SECONDS: String(CACHE_SECONDS),
    WORKER: '1',
    EXPORT_POLL_SECONDS: '1',
  };
  // One after the other: the first writes the shared secrets file, the second reads it.
  a = await startServerProcess({ ...env, SMTP_URL: smtpA.url });
  b = await startServerProcess({ ...env, SMTP_URL: smtpB.url });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtpA?.close();
  await smtpB?.close();
  await fdb?.remove();
});

describe.runIf(onPostgres)('two server processes on one PostgreSQL', () => {
  it(
    'a session opened on one works on the other; a logout on one is refused on the other within the cache time',
    async () => {
      const token = await loginTo(a.url, users.staff.email, PASSWORD);
      // Known to both processes (each has it in its session cache now).
      expect((await client(a.url, token)('GET', '/api/auth/session')).status).toBe(200);
      expect((await client(b.url, token)('GET', '/api/auth/session')).status).toBe(200);
      expect((await client(b.url, token)('POST', '/api/auth/logout')).status).toBe(200);
      expect((await client(b.url, token)('GET', '/api/auth/session')).status).toBe(401);
      await pastTheCache();
      expect((await client(a.url, token)('GET', '/api/auth/session')).status).toBe(401);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'blocking a user on one process ends the sessions on the other within the cache time',
    async () => {
      const token = await loginTo(b.url, users.blocked.email, PASSWORD);
      const onB = client(b.url, token);
      expect((await onB('GET', '/api/auth/session')).status).toBe(200);
      expect((await client(a.url, token)('GET', '/api/auth/session')).status).toBe(200);
      const manager = client(a.url, await loginTo(a.url, users.manager.email, PASSWORD));
      const block = await manager('POST', `/api/staff/${centreId}/users/${users.blocked.id}/active`, { active: 0 });
      expect(block.status, block.text).toBe(200);
      await pastTheCache();
      expect((await onB('GET', '/api/auth/session')).status).toBe(401);
      expect((await client(a.url, token)('GET', '/api/auth/session')).status).toBe(401);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'two saves of one appointment at the same moment, one per process: one goes through, the other gets 409',
    async () => {
      const database = await fdb.open();
      const customer = await createCustomer(database.db, { staff_id: centreId });
      const appt = await createAppointment(database.db, {
        staff_id: centreId,
        customer_id: customer.id,
        service_id: serviceId,
        start_date: new Date(new Date(inject('testNow')).getTime() + 2 * 86_400_000),
      });
      await database.close();
      const token = await loginTo(a.url, users.staff.email, PASSWORD);
      const onA = client(a.url, token);
      const onB = client(b.url, token);
      const path = `/api/staff/${centreId}/appointments/${appt.id}`;
      for (let round = 0; round < 5; round++) {
        const seen = (await onA('GET', `${path}/customers/${customer.id}`)).json;
        const save = (call: typeof onA, notes: string) =>
          call('POST', `${path}/update`, {
            customer_id: customer.id,
            start_date: `${seen.date} ${seen.time}:00`,
            service_id: serviceId,
            status: 'approved',
            notes,
            number_of_new_appointments: 1,
            number_of_blocked_slots: 0,
            overbook: true,
            updated_at: seen.updated_at,
          });
        const [fromA, fromB] = await Promise.all([save(onA, `A${round}`), save(onB, `B${round}`)]);
        const statuses = [fromA.status, fromB.status].sort();
        expect(statuses, `${fromA.text} ${fromB.text}`).toEqual([200, 409]);
        const loser = fromA.status === 409 ? fromA : fromB;
        expect(loser.json).toMatchObject({ error: 'CHANGED_MEANWHILE', message: MSG.appointmentEditedMeanwhile });
        const winner = fromA.status === 200 ? `A${round}` : `B${round}`;
        expect((await onB('GET', `${path}/customers/${customer.id}`)).json).toMatchObject({ notes: winner });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'with both workers running, each queued mail goes out once and each export is produced once',
    async () => {
      const database = await fdb.open();
      const to = Array.from({ length: MAILS }, (_, i) => `zwei-prozesse-${i}@kunde.example`);
      // Due by the servers' clocks too: theirs started at TEST_NOW later than this file's did.
      setClock(new Date(new Date(inject('testNow')).getTime() - 3_600_000));
      for (const address of to) {
        await enqueueMail(database.db, { staff_id: null, kind: 'test', to: address, subject: 'Einmal', text: 'x' });
      }
      // Monthly exports requested alternately through both processes, each for another month.
      const ids: number[] = [];
      for (let i = 0; i < EXPORTS; i++) {
        const call = client(i % 2 ? b.url : a.url, await loginTo(i % 2 ? b.url : a.url, users.admin.email, PASSWORD));
        // The (i+1)th month before the test clock's, whatever TEST_NOW is.
        const at = new Date(inject('testNow'));
        const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1 - i, 1));
        const month = first.toISOString().slice(0, 7);
        const res = await call('POST', `/api/staff/${centreId}/exports`, {
          from: `${month}-01 00:00:00`,
          to: `${month}-28 23:59:59`,
        });
        expect(res.status, res.text).toBe(200);
        ids.push(res.json.id);
      }
      // Both workers poll on their own timers (mail every 2 s, exports every second); wait for them.
      for (let waited = 0; waited < 30_000; waited += 250) {
        const open = await database.db.select({ id: exportQueue.id }).from(exportQueue).where(eq(exportQueue.done, 0));
        if (open.length === 0 && sentBy(smtpA).length + sentBy(smtpB).length >= MAILS) break;
        await sleep(250);
      }
      expect([...sentBy(smtpA), ...sentBy(smtpB)].sort()).toEqual([...to].sort());
      const mails = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
      expect(mails.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);

      const entries = await database.db.select().from(exportQueue).where(inArray(exportQueue.id, ids));
      expect(entries.map((e) => [e.done, e.attempts])).toEqual(ids.map(() => [1, 1]));
      const files = readdirSync(path.join(fdb.env.EXPORT_DIR!, String(centreId)));
      for (const id of ids) expect(files.filter((f) => f.startsWith(`monatsexport-${id}-`))).toHaveLength(1);
      await database.close();
      // Both processes are still the ones started at the beginning.
      expect(a.alive() && b.alive()).toBe(true);
      // Which process took how many is up to their timers: a figure, not a rule.
      console.info(`two-processes: mails sent by A ${sentBy(smtpA).length}, by B ${sentBy(smtpB).length}`);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
