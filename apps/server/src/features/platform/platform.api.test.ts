import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDefaultHosts } from '../../db/default-hosts';
import { auditLog, hosts } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { centreWithUser, createCentre, createCustomer, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** The platform's centre list: one page (of the whole database's centres, newest first), searched by `q`. */
const centreList = async (headers: Record<string, string>, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/platform/centres${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: { id: number }[]; total: number; page: number; page_size: number };
};
/** The row of one centre, found by its id. */
const listed = async (headers: Record<string, string>, id: number) =>
  (await centreList(headers, `?q=${id}`)).rows.find((c) => c.id === id);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('hosts', () => {
  it('answers NT for an unknown host on every API call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/host', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'NT', message: MSG.unknownHost });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'evil.example' },
      payload: { email: 'a', password: 'b' },
    });
    expect(login.json().error).toBe('NT');
  });

  it('brands a known host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/host', headers: { host: '127.0.0.1:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ host: '127.0.0.1', brand: expect.any(String) });
  });

  it("answers the installation's own API address, not a default port, unless the platform set one", async () => {
    const config = t.deps.config;
    const saved = { port: config.port, publicUrl: config.publicUrl };
    const apiUrl = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/public/host', headers: { host } })).json().api_url;
    try {
      config.port = 4711;
      config.publicUrl = undefined;
      expect(await apiUrl('127.0.0.1:4711')).toBe('http://127.0.0.1:4711/api');
      expect(await apiUrl('localhost:4711')).toBe('http://localhost:4711/api');
      config.publicUrl = 'https://termine.example';
      expect(await apiUrl('localhost:4711')).toBe('https://termine.example/api');
      // A row an earlier version wrote with port 3000 forgets it at the next start ...
      await t.database.db
        .update(hosts)
        .set({ api_url: 'http://localhost:3000/api' })
        .where(eq(hosts.host, 'localhost'));
      await ensureDefaultHosts(t.database.db);
      expect(await apiUrl('localhost:4711')).toBe('https://termine.example/api');
      // ... while an address the platform set is answered as it is.
      await t.database.db.update(hosts).set({ api_url: 'https://api.example/api' }).where(eq(hosts.host, '127.0.0.1'));
      await ensureDefaultHosts(t.database.db);
      expect(await apiUrl('127.0.0.1')).toBe('https://api.example/api');
    } finally {
      Object.assign(config, saved);
      await t.database.db.update(hosts).set({ api_url: null }).where(eq(hosts.host, '127.0.0.1'));
    }
  });

  it('accepts hosts from ALLOWED_HOSTS with the default branding', async () => {
    const t2 = await createTestApp({ allowedHosts: ['backoffice.example'] });
    try {
      const res = await t2.app.inject({
        method: 'GET',
        url: '/api/public/host',
        headers: { host: 'backoffice.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().host).toBe('backoffice.example');
    } finally {
      await t2.close();
    }
  });
});

describe('health and errors', () => {
  it('reports the database kind and the applied migrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().database).toBe(t.database.kind);
    expect(res.json().migrations.applied).toBeGreaterThan(0);
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: MSG.notFound });
  });

  it('serves the OpenAPI document with every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sets the same security headers on every answer, refusals included', async () => {
    // helmet's full set with this app's CSP (the middleware is built once, app.ts).
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    const foreignHost = await t.app.inject({
      method: 'GET',
      url: '/api/public/host',
      headers: { host: 'evil.example' },
    });
    expect(refused.statusCode).toBe(401);
    expect(foreignHost.statusCode).toBe(400);
    for (const res of [health, refused, foreignHost]) {
      expect(res.headers).toMatchObject(expected);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('centre list and activation', () => {
  it('lets a platform admin activate a centre by creating its first user', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const fresh = await createCentre(t.database.db, { testcenter: false, city: 'Neustadt' });
    expect(await listed(admin.headers, fresh.id)).toEqual({
      id: fresh.id,
      full_name: fresh.full_name,
      city: 'Neustadt',
      testcenter: false,
      deactivated: false,
    });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${fresh.id}/user`,
      headers: admin.headers,
      payload: { name: 'Neue Admin', email: `neu-${fresh.id}@x.example`, password: 'sicher123', staff_id: fresh.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.testcenterUserSaved);
    expect(await listed(admin.headers, fresh.id)).toMatchObject({ testcenter: true });
    const newcomer = await login(t.app, `neu-${fresh.id}@x.example`, 'sicher123');
    expect(newcomer.bookly_staff_id).toBe(fresh.id);
    // exactly one user, an administrator of the centre (role 20)
    const members = await t.database.db.select().from(users).where(eq(users.staff_id, fresh.id));
    expect(members.map((u) => u.role_id)).toEqual([ROLE.admin]);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${fresh.id}/user`,
      headers: admin.headers,
      payload: { name: 'Doppelt', email: `NEU-${fresh.id}@x.example`, password: 'sicher123', staff_id: fresh.id },
    });
    // a centre is activated once: no second first user
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.centreAlreadyActivated);
    const members2 = await t.database.db.select().from(users).where(eq(users.staff_id, fresh.id));
    expect(members2).toHaveLength(1);

    const other = await createCentre(t.database.db, { testcenter: false });
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${other.id}/user`,
      headers: admin.headers,
      payload: { name: 'Doppelt', email: `NEU-${fresh.id}@x.example`, password: 'sicher123', staff_id: other.id },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ field: 'email', message: MSG.emailTaken }]);
  });

  it('refuses a short password with the spec message', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const fresh = await createCentre(t.database.db, { testcenter: false });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${fresh.id}/user`,
      headers: admin.headers,
      payload: { name: 'X', email: 'kurz@x.example', password: 'kurz', staff_id: fresh.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(MSG.passwordTooShort);
  });
});

/** A tag of this run without digits (a digit typed also searches the ids). */
const letters = () => String(Date.now()).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

describe('searching and paging the centre list (issue 26, item 18)', () => {
  it('finds centres by a part of the name, the city or the id, every word must match, newest first', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const tag = `Suche${letters()}`;
    const a = await createCentre(t.database.db, { full_name: `Apotheke ${tag} am Markt`, city: 'Kiel' });
    const b = await createCentre(t.database.db, { full_name: `Testzentrum ${tag} Nord`, city: 'Kiel' });
    const c = await createCentre(t.database.db, { full_name: `Impfzentrum ${tag}`, city: 'Lübeck' });
    const ids = async (q: string) =>
      (await centreList(admin.headers, `?q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);

    expect(await ids(tag)).toEqual([c.id, b.id, a.id]);
    expect(await ids(tag.toLowerCase())).toEqual([c.id, b.id, a.id]);
    expect(await ids(`${tag} kiel`)).toEqual([b.id, a.id]);
    expect(await ids(`kiel ${tag} apotheke`)).toEqual([a.id]);
    expect(await ids(`${tag} LÜBECK`)).toEqual([c.id]);
    expect((await ids(String(b.id)))[0]).toBe(b.id);
    expect(await ids(`${tag} ${b.id}`)).toEqual([b.id]);
    // LIKE's wildcards are letters like any other
    expect(await ids(`${tag} %`)).toEqual([]);
    expect(await ids(`${tag}_`)).toEqual([]);
  });

  it('answers pages of 50 with the number of all matches; past the end an empty page', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const tag = `Seite${letters()}`;
    const made: number[] = [];
    for (let i = 0; i < 53; i++) made.push((await createCentre(t.database.db, { full_name: `${tag} ${i}` })).id);
    const first = await centreList(admin.headers, `?q=${tag}`);
    expect(first).toMatchObject({ total: 53, page: 1, page_size: 50 });
    expect(first.rows.map((r) => r.id)).toEqual(made.slice(3).reverse());
    const second = await centreList(admin.headers, `?q=${tag}&page=2`);
    expect(second).toMatchObject({ total: 53, page: 2 });
    expect(second.rows.map((r) => r.id)).toEqual(made.slice(0, 3).reverse());
    expect(await centreList(admin.headers, `?q=${tag}&page=3`)).toMatchObject({ rows: [], total: 53, page: 3 });
    // without a search: every centre of the platform, counted
    expect((await centreList(admin.headers)).total).toBeGreaterThanOrEqual(53);
  });

  it('refuses a bad page or an overlong search with a German message, and other roles', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    for (const query of ['?page=0', '?page=abc', `?q=${'x'.repeat(201)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/platform/centres${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(MSG.invalidInput);
    }
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/platform/centres?q=${'x'.repeat(201)}`,
      headers: admin.headers,
    });
    expect(long.json().details).toEqual([
      { field: 'q', message: 'Der Suchbegriff darf höchstens 200 Zeichen lang sein' },
    ]);
    const centreAdmin = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/platform/centres?q=a',
      headers: centreAdmin.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

const platformRoutes = () => t.deps.endpoints.filter((e) => e.path.startsWith('/api/platform/'));
const urlOf = (path: string, staffId: number) => path.replace(':staffId', String(staffId));

describe('platform administration is for role 10 only', () => {
  it('refuses every platform route to centre administrators, managers and staff', async () => {
    const target = await createCentre(t.database.db, { testcenter: false });
    const wrong: string[] = [];
    expect(platformRoutes().length).toBeGreaterThanOrEqual(6);
    for (const role of [ROLE.admin, ROLE.manager, ROLE.staff]) {
      const caller = await centreWithUser(t.app, t.database.db, role);
      for (const e of platformRoutes()) {
        const res = await t.app.inject({
          method: e.method,
          url: urlOf(e.path, target.id),
          headers: caller.headers,
          ...(e.method === 'GET' ? {} : { payload: { active: false, staff_id: target.id } }),
        });
        if (res.statusCode !== 403) wrong.push(`${e.method} ${e.path} as ${role}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('creates a new centre, not yet activated, with name, city and type', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/centres',
      headers: admin.headers,
      payload: { full_name: 'Apotheke am Markt', city: 'Altstadt', type: '3' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.centreCreated);
    expect(await listed(admin.headers, res.json().id)).toEqual({
      id: res.json().id,
      full_name: 'Apotheke am Markt',
      city: 'Altstadt',
      testcenter: false,
      deactivated: false,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/platform/centres',
      headers: admin.headers,
      payload: { full_name: 'X', city: 'Y', type: '99' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(MSG.centreTypeUnknown);
  });
});

describe('deactivating a centre', () => {
  it("refuses its users' logins and their open sessions, keeps its data, and can be undone", async () => {
    const platform = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const member = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const customer = await createCustomer(t.database.db, { staff_id: member.centre.id });
    const staffId = member.centre.id;
    const session = () => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: member.headers });
    expect((await session()).statusCode).toBe(200);

    // without the explicit choice nothing happens
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${staffId}/active`,
      headers: platform.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${staffId}/active`,
      headers: platform.headers,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: staffId, deactivated: true, message: MSG.centreDeactivated });

    // the token from before is refused at once (session cache included), and so is a new login
    expect((await session()).statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.user.email, password: 'geheim123' },
    });
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json()).toMatchObject({ error: 'CENTRE_DEACTIVATED', message: MSG.centreIsDeactivated });
    expect(await listed(platform.headers, staffId)).toMatchObject({ deactivated: true });

    // the platform admin still reaches the centre's data
    const customers = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/customers/${customer.id}`,
      headers: platform.headers,
    });
    expect(customers.statusCode).toBe(200);

    const on = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${staffId}/active`,
      headers: platform.headers,
      payload: { active: true },
    });
    expect(on.json()).toEqual({ id: staffId, deactivated: false, message: MSG.centreReactivated });
    expect((await login(t.app, member.user.email)).bookly_staff_id).toBe(staffId);

    const audits = await t.database.db
      .select({ action: auditLog.action, user_id: auditLog.user_id })
      .from(auditLog)
      .where(and(eq(auditLog.staff_id, staffId), eq(auditLog.entity, 'centre')));
    expect(audits).toEqual([
      { action: 'deactivate', user_id: platform.user.id },
      { action: 'reactivate', user_id: platform.user.id },
    ]);
  });

  it("refuses to deactivate the platform admin's own centre", async () => {
    const platform = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${platform.centre.id}/active`,
      headers: platform.headers,
      payload: { active: false },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.ownCentreNotDeactivatable);
  });
});

describe('adopting a centre ID', () => {
  it('is audited for the platform admin and refused to a centre administrator', async () => {
    const platform = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const other = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${other.centre.id}/adopt`,
      headers: platform.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: other.centre.id, message: MSG.idAdopted });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staff_id, other.centre.id), eq(auditLog.action, 'adopt')));
    expect(row).toMatchObject({ entity: 'centre', user_id: platform.user.id });
    // the adopted centre's screens: every call carries its staff id in the path
    const usersOfOther = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${other.centre.id}/audit`,
      headers: platform.headers,
    });
    expect(usersOfOther.statusCode).toBe(200);

    const admin = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${other.centre.id}/adopt`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(403);
    // and acting for another centre without adopting is refused as well
    const acting = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${other.centre.id}/audit`,
      headers: admin.headers,
    });
    expect(acting.statusCode).toBe(403);
  });
});

describe('public rate limit', () => {
  it('limits public calls per IP with a German 429', async () => {
    let last = 0;
    for (let i = 0; i < 125; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/client-errors',
        payload: { message: `Fehler ${i}` },
        remoteAddress: '10.9.9.9',
      });
      last = res.statusCode;
      if (last === 429) {
        expect(res.json().message).toBe(MSG.tooManyRequests);
        break;
      }
    }
    expect(last).toBe(429);
  });
});
