import net from 'node:net';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { now } from '../../clock';
import { testConfig } from '../../config';
import { openPostgres } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { mailOutbox } from '../../db/schema/mail';
import { hosts } from '../../db/schema/platform';
import { loginFailures } from '../../db/schema/users';
import { isDatabaseUnavailable } from '../../http/database-errors';
import { centreWithUser, createCustomer, createFormAppointment, createUser } from '../../test/factories';
import { startSmtp } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureDefaultForms } from '../forms/default-forms';
import { findMail } from '../mail/mail.repository';
import { enqueueMail, processOutbox } from '../mail/mail-outbox';

/** The defects of issue 16, each proven through the real app. */
let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://termine.example.de' });
  await t.database.db.transaction((tx) => ensureDefaultForms(tx));
  own = await centreWithUser(t.app, t.database.db, ROLE.admin);
});
afterAll(() => t.close());

const isPostgres = () => t.database.kind === 'postgres';

describe('defect 1: the database going away', () => {
  it('a dropped idle connection does not end the process (the pool has an error listener)', () => {
    const database = openPostgres('postgres://postgres@127.0.0.1:1/none', 1, () => {});
    expect(() => (database.raw as pg.Pool).emit('error', new Error('terminating connection'))).not.toThrow();
    return database.close();
  });

  it('while the database is unreachable, calls and the health check answer 503 with a German message, fast', async () => {
    // port 1: connection refused, as while PostgreSQL restarts
    const database = openPostgres('postgres://postgres@127.0.0.1:1/none', 2, () => {});
    const { app } = await buildApp(testConfig(), database);
    try {
      const started = Date.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ error: 'DATABASE_UNAVAILABLE', message: MSG.databaseUnavailable });
      expect(health.headers['retry-after']).toBe('5');
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.org', password: 'x' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json().error).toBe('DATABASE_UNAVAILABLE');
      const staff = await app.inject({ method: 'GET', url: '/api/staff/1/customers', headers: { authorization: 'x' } });
      expect(staff.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'PostgreSQL closing every connection (a restart): the server goes on without a restart and loses nothing acknowledged',
    async () => {
      expect(isPostgres()).toBe(true);
      const customer = await createCustomer(t.database.db, { staff_id: own.centre.id, last_name: 'Vorher' });
      // every pooled connection is idle now; PostgreSQL ends them as a restart does
      const url = (t.database.raw as pg.Pool).options.connectionString!;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/${own.centre.id}/customers/${customer.id}`,
        headers: own.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().last_name).toBe('Vorher');
    },
  );
  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'a connection PostgreSQL ends while a transaction holds it between two statements does not end the process',
    async () => {
      // Found by the 20-second outage under load (postgres-outage.api.test.ts): pg-pool takes its error
      // listener off a client it hands out, so a FATAL arriving between two statements of a transaction
      // was an unhandled 'error' event and ended the server.
      const url = (t.database.raw as pg.Pool).options.connectionString!;
      const database = openPostgres(url, 1, () => {});
      try {
        const pool = database.raw as pg.Pool;
        const client = await pool.connect();
        let thrown: unknown;
        try {
          client.emit('error', new Error('terminating connection'));
        } catch (err) {
          thrown = err;
        }
        client.release(true);
        expect(thrown).toBeUndefined();
        const held = await pool.connect();
        let next: unknown;
        try {
          await held.query('begin');
          const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await admin.end();
          await new Promise((r) => setTimeout(r, 200));
          next = await held.query('select 1').then(
            () => undefined,
            (err: unknown) => err,
          );
        } finally {
          held.release();
        }
        expect(isDatabaseUnavailable(next)).toBe(true);
        expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    },
  );
});

/** A TCP proxy in front of PostgreSQL that can be cut and restored, as a restart or a network failure would. */
async function pgProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    down: async () => {
      await new Promise<void>((r) => {
        server!.close(() => r());
        for (const s of sockets) s.destroy();
      });
    },
    up: listen,
  };
}

describe('defect 1 under way: the database goes away and comes back', () => {
  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'answers 503 while it is away, works again without a restart, and keeps every acknowledged write',
    async () => {
      const proxy = await pgProxy(new URL((t.database.raw as pg.Pool).options.connectionString!));
      const database = openPostgres(proxy.url, 3, () => {});
      const { app } = await buildApp(testConfig(), database);
      try {
        const user = await createUser(t.database.db, { staff_id: own.centre.id, role_id: ROLE.staff });
        const token = (
          await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: 'geheim123' },
          })
        ).json().token as string;
        const headers = { authorization: `Bearer ${token}` };
        const customer = await createCustomer(t.database.db, { staff_id: own.centre.id });
        const url = `/api/staff/${own.centre.id}/customers/${customer.id}`;
        const rename = (last_name: string) =>
          app.inject({
            method: 'POST',
            url,
            headers,
            payload: { first_name: 'Erika', last_name, gender: 1, birthday: '1980-05-17' },
          });
        expect((await rename('Vorher')).statusCode).toBe(200);

        await proxy.down();
        const started = Date.now();
        const during = await Promise.all([
          app.inject({ method: 'GET', url, headers }),
          rename('Waehrenddessen'),
          app.inject({ method: 'GET', url: '/api/health' }),
        ]);
        expect(during.map((r) => r.statusCode)).toEqual([503, 503, 503]);
        expect(during[0]!.json().error).toBe('DATABASE_UNAVAILABLE');
        expect(Date.now() - started).toBeLessThan(8000);

        await proxy.up();
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode, health.body).toBe(200);
        expect((await rename('Nachher')).statusCode).toBe(200);
        const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
        expect(row!.last_name).toBe('Nachher');
      } finally {
        await app.close();
        await database.close();
        await proxy.down();
      }
    },
  );
});

describe('defect 3: client-chosen addresses are not trusted by default', () => {
  it('ignores X-Forwarded-For for the login limit and X-Forwarded-Host for the host check', async () => {
    const email = `xff-${Date.now()}@example.org`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': '1.2.3.4' },
      payload: { email, password: 'falsch' },
    });
    expect(res.statusCode).toBe(401);
    const [failure] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(failure!.ip).toBe('10.9.8.7');

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${own.centre.id}/customers`,
      headers: { ...own.headers, host: 'evil.example', 'x-forwarded-host': 'localhost' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('NT');
  });

  it('with TRUST_PROXY set, takes the address the named proxy reports', async () => {
    // a second app on the same database, trusting one proxy
    const proxied = { ...(await buildApp(testConfig({ trustProxy: ['10.0.0.1'] }), t.database)), database: t.database };
    try {
      const email = `proxy-${Date.now()}@example.org`;
      for (const remoteAddress of ['10.0.0.1', '10.0.0.2']) {
        await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          headers: { 'x-forwarded-for': '192.0.2.7' },
          payload: { email, password: 'falsch' },
        });
      }
      const rows = await proxied.database.db.select().from(loginFailures).where(eq(loginFailures.email, email));
      expect(rows.map((r) => r.ip).sort()).toEqual(['10.0.0.2', '192.0.2.7']);
    } finally {
      await proxied.app.close();
    }
  });
});

describe('defect 4: links from the configured host, a strict host check', () => {
  it('refuses a Host header with user info or other tricks as an unknown host', async () => {
    for (const host of ['localhost:1@evil.example', 'localhost@evil.example', 'localhost/evil', 'localhost:99999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/${own.centre.id}/customers`,
        headers: { ...own.headers, host },
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().error, host).toBe('NT');
    }
    const branding = await t.app.inject({
      method: 'GET',
      url: '/api/public/host',
      headers: { host: 'localhost:1@evil.example' },
    });
    expect(branding.statusCode).not.toBe(200);
  });

  it("builds the invitation link from PUBLIC_URL, or the centre's own host, never from the request", async () => {
    const invite = async (staffId: number, headers: Record<string, string>, email: string) => {
      const a = await createFormAppointment(t.database.db, { staff_id: staffId }, { email });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/${staffId}/forms/invitations/${a.customer_appointment_id}`,
        headers: { ...headers, host: '127.0.0.1:4444' },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      return mail!.text;
    };
    const text = await invite(own.centre.id, own.headers, 'link-a@kunde.example');
    expect(text).toMatch(/Zum Fragebogen: https:\/\/termine\.example\.de\/check-in\/\d+\//);
    expect(text).not.toContain('127.0.0.1');

    await t.database.db.insert(hosts).values({ host: 'zentrum-nord.example', brand: 'Nord' }).onConflictDoNothing();
    const branded = await centreWithUser(t.app, t.database.db, ROLE.staff, { host: 'Zentrum-Nord.example' });
    const own2 = await invite(branded.centre.id, branded.headers, 'link-b@kunde.example');
    expect(own2).toMatch(/Zum Fragebogen: https:\/\/zentrum-nord\.example\/check-in\/\d+\//);
  });
});

describe('defect 5: a body staff_id that is not a number', () => {
  it('is refused with 400 on every route of a centre, never a 500', async () => {
    let checked = 0;
    for (const e of t.deps.endpoints) {
      if (e.method === 'GET' || !('tenant' in e.access) || !e.access.tenant) continue;
      const url = e.path.replace(/:staffId/g, String(own.centre.id)).replace(/:[A-Za-z_]+/g, '1');
      for (const staff_id of [{ valueOf: 1, toString: 1 }, [own.centre.id], true]) {
        const res = await t.app.inject({ method: e.method, url, headers: own.headers, payload: { staff_id } });
        expect(res.statusCode, `${e.method} ${e.path} ${JSON.stringify(staff_id)}: ${res.body}`).toBeLessThan(500);
        expect([400, 403], `${e.method} ${e.path}`).toContain(res.statusCode);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('defects 6 and 7: NUL characters and integers beyond the column', () => {
  it('refuses NUL in the anonymous login and in a customer name with 400 and a German message', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@example.org', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: 'VALIDATION', details: [{ field: 'email' }] });
    expect(login.json().message).toContain('Steuerzeichen');

    const customer = await createCustomer(t.database.db, { staff_id: own.centre.id, last_name: 'Unverändert' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${own.centre.id}/customers/${customer.id}`,
      headers: own.headers,
      payload: { first_name: 'Erika\u0000', last_name: 'Neu', gender: 1 },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.last_name).toBe('Unverändert');
  });

  it('refuses ids and numbers of 2^31 and more in path and body with 400', async () => {
    const big = 2 ** 31;
    const path = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${own.centre.id}/customers/${big}`,
      headers: own.headers,
    });
    expect(path.statusCode).toBe(400);
    const cls = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${own.centre.id}/appointments/1/payment-classification`,
      headers: own.headers,
      payload: { customer_id: 1, newClassification: big },
    });
    expect(cls.statusCode).toBe(400);
    expect(cls.json().details).toEqual(
      expect.arrayContaining([{ field: 'newClassification', message: MSG.numberTooLarge }]),
    );
  });
});

describe('defect 8: the login failure limit under parallel attempts', () => {
  it('lets exactly the configured number of wrong passwords be checked, however many arrive at once', async () => {
    const user = await createUser(t.database.db, { staff_id: own.centre.id });
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.1.1.1',
          payload: { email: user.email, password: 'falsch' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(t.deps.config.loginMaxFailures);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - t.deps.config.loginMaxFailures);
  });

  it('a right password clears the bookings; a blocked user does not count as a failure', async () => {
    const user = await createUser(t.database.db, { staff_id: own.centre.id, active: 0 });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'geheim123' },
      });
      expect(res.statusCode).toBe(403);
    }
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, user.email));
    expect(rows).toHaveLength(0);
  });
});

describe('faults: the mail server is down', () => {
  it('keeps the mail queued with the error while SMTP refuses connections, and sends it once SMTP is back', async () => {
    const down = { db: t.database.db, config: { ...t.deps.config, smtpUrl: 'smtp://127.0.0.1:1' } };
    const id = await enqueueMail(t.database.db, {
      staff_id: own.centre.id,
      kind: 'test',
      to: 'spaeter@kunde.example',
      subject: 'Kommt später',
      text: 'x',
    });
    await processOutbox(down);
    const failed = await findMail(t.database.db, id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtp();
    try {
      await t.database.db.update(mailOutbox).set({ next_attempt_at: now() }).where(eq(mailOutbox.id, id));
      await processOutbox({ db: t.database.db, config: { ...t.deps.config, smtpUrl: smtp.url } });
      expect((await findMail(t.database.db, id))?.status).toBe('sent');
      expect(smtp.received.some((m) => m.to.includes('spaeter@kunde.example'))).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});
