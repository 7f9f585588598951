import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { nowMs, setClock } from '../../clock';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../db/client';
import {
  centreWithUser,
  createAppointment,
  createCustomer,
  createService,
  createUser,
  login,
} from '../../test/factories';
import { startSmtp } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueMail, processOutbox } from '../mail/mail-outbox';

/**
 * Two server instances on one database (issue 16): nothing one instance needs
 * lives only in the other's memory. On PostgreSQL the second instance has a
 * pool of its own; PGlite is one process's database, so both share it there.
 */
let a: TestApp;
let b: { app: Awaited<ReturnType<typeof buildApp>>['app']; deps: Awaited<ReturnType<typeof buildApp>>['deps'] };
let bDatabase: Database | undefined;
const CACHE_SECONDS = 5;

beforeAll(async () => {
  a = await createTestApp({ sessionCacheSeconds: CACHE_SECONDS });
  const shared = { jwtSecret: a.deps.config.jwtSecret, certKey: a.deps.config.certKey };
  const database =
    a.database.kind === 'postgres'
      ? openPostgres((a.database.raw as pg.Pool).options.connectionString!, 3, () => {})
      : a.database;
  if (database !== a.database) bDatabase = database;
  b = await buildApp(testConfig({ ...shared, sessionCacheSeconds: CACHE_SECONDS }), database);
  await b.app.ready();
});
afterAll(async () => {
  await b.app.close();
  await bDatabase?.close();
  await a.close();
});

const session = (app: TestApp['app'], token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
const later = (seconds: number) => setClock(new Date(nowMs() + seconds * 1000));

describe('two server instances on one database', () => {
  it('a session opened on one works on the other; logout shows on the other within the cache time', async () => {
    const c = await centreWithUser(a.app, a.database.db, ROLE.staff);
    expect((await session(b.app, c.token)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: c.headers });
    expect(out.statusCode).toBe(200);
    expect((await session(a.app, c.token)).statusCode).toBe(401);
    later(CACHE_SECONDS + 1);
    expect((await session(b.app, c.token)).statusCode).toBe(401);
  });

  it('a session ended on the account page of one instance ends on the other within the cache time', async () => {
    const c = await centreWithUser(a.app, a.database.db, ROLE.staff);
    const other = await login(b.app, c.user.email);
    expect((await session(b.app, other.token)).statusCode).toBe(200);
    const listed = await a.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: c.headers });
    const target = listed.json().find((s: { current: boolean }) => !s.current);
    const end = await a.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: c.headers });
    expect(end.statusCode, end.body).toBe(200);
    expect((await session(a.app, other.token)).statusCode).toBe(401);
    // b answered from its cache a moment ago: no longer than the cache time, as after a logout
    later(CACHE_SECONDS + 1);
    expect((await session(b.app, other.token)).statusCode).toBe(401);
    expect((await session(a.app, c.token)).statusCode).toBe(200);
  });

  it('blocking a user on one instance ends the sessions on the other within the cache time', async () => {
    const manager = await centreWithUser(a.app, a.database.db, ROLE.manager);
    const user = await createUser(a.database.db, { staff_id: manager.centre.id, role_id: ROLE.staff });
    const { token } = await login(b.app, user.email);
    expect((await session(b.app, token)).statusCode).toBe(200);
    const block = await a.app.inject({
      method: 'POST',
      url: `/api/staff/${manager.centre.id}/users/${user.id}/active`,
      headers: manager.headers,
      payload: { active: 0 },
    });
    expect(block.statusCode, block.body).toBe(200);
    later(CACHE_SECONDS + 1);
    expect((await session(b.app, token)).statusCode).toBe(401);
  });

  it('a change of one appointment saved on one instance is detected on the other (409), not overwritten', async () => {
    const c = await centreWithUser(a.app, a.database.db, ROLE.staff);
    const service = await createService(a.database.db, { staff_id: c.centre.id });
    const customer = await createCustomer(a.database.db, { staff_id: c.centre.id });
    const start = new Date(nowMs() + 2 * 86_400_000);
    const appt = await createAppointment(a.database.db, {
      staff_id: c.centre.id,
      customer_id: customer.id,
      service_id: service.id,
      start_date: start,
    });
    const path = `/api/staff/${c.centre.id}/appointments/${appt.id}`;
    const open = async (app: TestApp['app']) => {
      const res = await app.inject({ method: 'GET', url: `${path}/customers/${customer.id}`, headers: c.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { date: string; time: string; updated_at: string };
    };
    // Both screens open the appointment, one on each instance.
    const onA = await open(a.app);
    const onB = await open(b.app);
    expect(onB.updated_at).toBe(onA.updated_at);
    const save = (app: TestApp['app'], seen: { date: string; updated_at: string }, notes: string) =>
      app.inject({
        method: 'POST',
        url: `${path}/update`,
        headers: c.headers,
        payload: {
          customer_id: customer.id,
          start_date: `${seen.date} ${onA.time}:00`,
          service_id: service.id,
          status: 'approved',
          notes,
          number_of_new_appointments: 1,
          number_of_blocked_slots: 0,
          // no opening hours in this centre
          overbook: true,
          updated_at: seen.updated_at,
        },
      });
    later(1);
    const first = await save(b.app, onB, 'von B');
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(a.app, onA, 'von A');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'CHANGED_MEANWHILE', message: MSG.appointmentEditedMeanwhile });
    expect((await open(a.app)) as unknown).toMatchObject({ notes: 'von B' });
    // Reloaded, the same change goes through.
    const again = await save(a.app, await open(a.app), 'von A');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ notes: 'von A' });
  });

  it('each queued mail goes out exactly once while both instances work the outbox at the same time', async () => {
    const smtp = await startSmtp();
    try {
      const to = Array.from({ length: 30 }, (_, i) => `einmal-${i}@kunde.example`);
      for (const address of to) {
        await enqueueMail(a.database.db, { staff_id: null, kind: 'test', to: address, subject: 'Einmal', text: 'x' });
      }
      const config = (deps: { config: typeof a.deps.config }) => ({ ...deps.config, smtpUrl: smtp.url });
      await Promise.all([
        processOutbox({ db: a.deps.db, config: config(a.deps) }, 10),
        processOutbox({ db: b.deps.db, config: config(b.deps) }, 10),
        processOutbox({ db: a.deps.db, config: config(a.deps) }, 10),
        processOutbox({ db: b.deps.db, config: config(b.deps) }, 10),
      ]);
      while ((await processOutbox({ db: b.deps.db, config: config(b.deps) }, 10)) > 0) {}
      const received = smtp.received.flatMap((m) => m.to).filter((x) => x.startsWith('einmal-'));
      expect(received.sort()).toEqual([...to].sort());
    } finally {
      await smtp.close();
    }
  });
});
