import { isPlatformAdmin, ROLE } from '@tz/shared/constants';
import { type Access, type Endpoint, type SessionStage, stagesOf } from '@tz/shared/http/endpoint';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../auth/tokens';
import { nowMs } from '../../clock';
import { sessions, users } from '../../db/schema/users';
import {
  centreWithUser,
  createCustomer,
  createFormAppointment,
  createService,
  createUser,
  login,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The authorization matrix (issue 16): every registered route × every kind of
 * caller. The expected outcome of each cell follows from the route's declared
 * `access` by the one table below; every cell is called and checked. Routes
 * added later are enumerated the same way, so they are covered without
 * touching this file.
 */

/** 'second factor': refused because the sign-in still waits for its second factor (403 with its own code). */
type Outcome = 'pass' | 401 | 403 | 'second factor';
type Caller =
  | 'anonymous'
  | 'wrong signature'
  | 'alg none'
  | 'expired'
  | 'logged out'
  | 'blocked user'
  | 'staff (30)'
  | 'manager (25)'
  | 'centre admin (20)'
  | 'admin of another centre'
  | 'platform admin'
  | 'code due (2FA)'
  | 'set-up due (2FA)';

const isPublic = (a: Access): a is { public: true } => 'public' in a;
/**
 * A caller with a valid session and a role: may it call a route of centre A? A sign-in still waiting for
 * its second factor reaches only the routes of its stage; a full session not the code step's route.
 */
const byRole =
  (role: number, centre: 'A' | 'B', stage: SessionStage = 'full') =>
  (a: Access): Outcome => {
    if (isPublic(a)) return 'pass';
    if (!stagesOf(a).includes(stage)) return stage === 'full' ? 403 : 'second factor';
    if (role > a.maxRole) return 403;
    if (a.tenant && centre !== 'A' && !isPlatformAdmin(role)) return 403;
    return 'pass';
  };
const noSession = (a: Access): Outcome => (isPublic(a) ? 'pass' : 401);

/** THE TABLE: caller → expected outcome for a route of centre A with this access. */
const EXPECTED: Record<Caller, (a: Access) => Outcome> = {
  anonymous: noSession,
  'wrong signature': noSession,
  'alg none': noSession,
  expired: noSession,
  'logged out': noSession,
  'blocked user': noSession,
  'staff (30)': byRole(ROLE.staff, 'A'),
  'manager (25)': byRole(ROLE.manager, 'A'),
  'centre admin (20)': byRole(ROLE.admin, 'A'),
  'admin of another centre': byRole(ROLE.admin, 'B'),
  'platform admin': byRole(ROLE.platformAdmin, 'A'),
  'code due (2FA)': byRole(ROLE.admin, 'A', 'totp'),
  'set-up due (2FA)': byRole(ROLE.admin, 'A', 'totp_setup'),
};

/** Routes Fastify serves that are not contracts (documentation); everything else under /api must be one. */
const NOT_CONTRACTS = [/^\/api\/docs/, /^\/api\/openapi\.json$/];

let t: TestApp;
const headersOf: Partial<Record<Caller, Record<string, string>>> = {};
let centreA: number;
let centreB: number;
/** The centre admin of A, logged in afresh (the matrix's last cells log every caller out). */
let adminOfA: () => Promise<Record<string, string>>;
let foreign: { customer: string; service: string; user: string; ids: Record<string, string> };

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  // No session cache: blocking and logout must show on the very next call.
  t = await createTestApp({ sessionCacheSeconds: 0 });
  const db = t.database.db;
  const staff = await centreWithUser(t.app, db, ROLE.staff);
  centreA = staff.centre.id;
  const userOf = async (role: number, staffId = centreA) => {
    const u = await createUser(db, { staff_id: staffId, role_id: role });
    return { user: u, token: (await login(t.app, u.email)).token };
  };
  const manager = await userOf(ROLE.manager);
  const admin = await userOf(ROLE.admin);
  adminOfA = async () => bearer((await login(t.app, admin.user.email)).token);
  const other = await centreWithUser(t.app, db, ROLE.admin);
  centreB = other.centre.id;
  const platform = await centreWithUser(t.app, db, ROLE.platformAdmin);
  const blocked = await userOf(ROLE.admin);
  await db.update(users).set({ active: 0 }).where(eq(users.id, blocked.user.id));
  // Centre admins of A whose sign-in waits for the second factor: one has it on, one must set it up.
  const stepSession = async (stage: 'totp' | 'totp_setup') => {
    const u = await createUser(db, { staff_id: centreA, role_id: ROLE.admin });
    const expires = new Date(nowMs() + 3600_000);
    const [row] = await db
      .insert(sessions)
      .values({ user_id: u.id, staff_id: centreA, expires_at: expires, stage })
      .returning({ id: sessions.id });
    return bearer(await signSessionToken(t.deps.config.jwtSecret, { sid: row!.id, uid: u.id }, expires));
  };
  const codeDue = await stepSession('totp');
  const setupDue = await stepSession('totp_setup');
  const loggedOut = await userOf(ROLE.admin);
  const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(loggedOut.token) });
  expect(out.statusCode).toBe(200);

  const claims = decodeJwt(admin.token) as { sid: string; uid: number };
  const expired = await signSessionToken(t.deps.config.jwtSecret, claims, new Date(nowMs() - 60_000));
  const forged = await signSessionToken(
    'ein-anderes-geheimnis-mit-mehr-als-32-zeichen',
    claims,
    new Date(nowMs() + 3600_000),
  );
  const parts = admin.token.split('.');
  // A compact JWS: header, payload, signature; the forgeries below reuse its payload.
  expect(parts).toHaveLength(3);
  const payload = parts[1];
  const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;

  Object.assign(headersOf, {
    anonymous: {},
    'wrong signature': bearer(forged),
    'alg none': bearer(none),
    expired: bearer(expired),
    'logged out': bearer(loggedOut.token),
    'blocked user': bearer(blocked.token),
    'staff (30)': staff.headers,
    'manager (25)': bearer(manager.token),
    'centre admin (20)': bearer(admin.token),
    'admin of another centre': other.headers,
    'platform admin': platform.headers,
    'code due (2FA)': codeDue,
    'set-up due (2FA)': setupDue,
  } satisfies Record<Caller, Record<string, string>>);

  // Centre B's data, for the cross-centre id swaps
  const marker = `Fremd${Date.now()}`;
  const customer = await createCustomer(db, { staff_id: centreB, last_name: `${marker}Kunde` });
  const service = await createService(db, { staff_id: centreB, title: `${marker}Leistung` });
  const appointment = await createFormAppointment(
    db,
    { staff_id: centreB, service_id: service.id, customer_id: customer.id },
    {},
  );
  const user = await createUser(db, { staff_id: centreB, name: `${marker}Person` });
  foreign = {
    customer: `${marker}Kunde`,
    service: `${marker}Leistung`,
    user: `${marker}Person`,
    ids: {
      customerId: String(customer.id),
      appointmentId: String(appointment.id),
      customerAppointmentId: String(appointment.customer_appointment_id),
      token: appointment.token,
      serviceId: String(service.id),
      userId: String(user.id),
      id: String(appointment.id),
    },
  };
});
afterAll(() => t.close());

/** Path of a route of centre A; other parameters get ids that exist nowhere. */
const urlOf = (e: Endpoint, staffId = centreA, ids: Record<string, string> = {}) =>
  e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    name === 'staffId' ? String(staffId) : (ids[name] ?? '987654'),
  );

/** Did the guard refuse? (A service may answer 401/403 for its own reasons with other codes.) */
function outcomeOf(res: { statusCode: number; json(): { error?: string } }): Outcome {
  const code = res.statusCode === 401 || res.statusCode === 403 ? res.json().error : undefined;
  if (res.statusCode === 401 && (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED')) return 401;
  if (res.statusCode === 403 && code === 'FORBIDDEN') return 403;
  if (res.statusCode === 403 && (code === 'SECOND_FACTOR_DUE' || code === 'SECOND_FACTOR_SETUP_DUE')) {
    return 'second factor';
  }
  return 'pass';
}

// Logging out last: it would end the session that later cells use.
const ordered = () =>
  [...t.deps.endpoints].sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));

describe('authorization matrix', () => {
  it('every registered API route is a contract with a declared access', () => {
    const contracts = new Set(t.deps.endpoints.map((e) => `${e.method} ${e.path}`));
    const loose = t.deps.routes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        r.method !== 'HEAD' &&
        !NOT_CONTRACTS.some((p) => p.test(r.url)) &&
        !contracts.has(`${r.method} ${r.url}`),
    );
    expect(loose).toEqual([]);
    for (const e of t.deps.endpoints) expect(e.access, `${e.method} ${e.path}`).toBeDefined();
  });

  it('every route × every caller gets the outcome the table declares, and never a 5xx', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const e of ordered()) {
      for (const caller of Object.keys(EXPECTED) as Caller[]) {
        const res = await t.app.inject({
          method: e.method,
          url: urlOf(e),
          headers: headersOf[caller],
          ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
        });
        cells++;
        const expected = EXPECTED[caller](e.access);
        const got = outcomeOf(res);
        if (res.statusCode >= 500 || got !== expected) {
          wrong.push(
            `${e.method} ${e.path} as ${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(500);
    console.info(
      `authorization matrix: ${t.deps.endpoints.length} routes × ${Object.keys(EXPECTED).length} callers = ${cells} cells`,
    );
  });

  it("a body naming another centre's staff_id is refused on every route of the caller's own centre", async () => {
    const h = await adminOfA();
    const wrong: string[] = [];
    for (const e of t.deps.endpoints) {
      if (isPublic(e.access) || !e.access.tenant || e.method === 'GET' || e.method === 'DELETE') continue;
      if (ROLE.admin > e.access.maxRole) continue;
      const res = await t.app.inject({
        method: e.method,
        url: urlOf(e),
        headers: h,
        payload: { staff_id: centreB },
      });
      if (outcomeOf(res) !== 403) wrong.push(`${e.method} ${e.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("nobody ends another user's session, whatever their role or centre (issue 30)", async () => {
    const victim = await createUser(t.database.db, { staff_id: centreA, role_id: ROLE.staff });
    const { token } = await login(t.app, victim.email);
    const { sid } = decodeJwt(token) as { sid: string };
    // fresh sessions: the matrix's last cells logged every caller out
    const callers: [string, number, number][] = [
      ['staff (30)', ROLE.staff, centreA],
      ['manager (25)', ROLE.manager, centreA],
      ['centre admin (20)', ROLE.admin, centreA],
      ['admin of another centre', ROLE.admin, centreB],
      ['platform admin', ROLE.platformAdmin, centreB],
    ];
    for (const [caller, role, staffId] of callers) {
      const user = await createUser(t.database.db, { staff_id: staffId, role_id: role });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${sid}`,
        headers: bearer((await login(t.app, user.email)).token),
      });
      expect(res.statusCode, caller).toBe(404);
    }
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
    expect(still.statusCode).toBe(200);
  });

  it("another centre's ids in the path of one's own centre show nothing of that centre", async () => {
    const h = await adminOfA();
    const leaks: string[] = [];
    let checked = 0;
    for (const e of t.deps.endpoints) {
      if (e.method !== 'GET' || isPublic(e.access) || !e.access.tenant || !/:(?!staffId)/.test(e.path)) continue;
      const res = await t.app.inject({
        method: 'GET',
        url: urlOf(e, centreA, foreign.ids),
        headers: h,
      });
      checked++;
      if ([foreign.customer, foreign.service, foreign.user].some((m) => res.body.includes(m))) {
        leaks.push(`${e.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });

  it("another centre's ids in the query of one's own centre's lists show nothing of that centre", async () => {
    const h = await adminOfA();
    const leaks: string[] = [];
    for (const e of t.deps.endpoints) {
      if (e.method !== 'GET' || isPublic(e.access) || !e.access.tenant) continue;
      const query = new URLSearchParams({ ...foreign.ids, staff_id: String(centreB), name: foreign.customer });
      const res = await t.app.inject({
        method: 'GET',
        url: `${urlOf(e)}?${query}`,
        headers: h,
      });
      if ([foreign.customer, foreign.service, foreign.user].some((m) => res.body.includes(m))) {
        leaks.push(`${e.path}: ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("the search of one's own centre finds nothing of another centre (name, number, token)", async () => {
    const h = await adminOfA();
    const terms = [foreign.customer, foreign.ids.customerAppointmentId!, foreign.ids.token!];
    for (const queryString of terms) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/${centreA}/search`,
        headers: h,
        payload: { queryString },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(foreign.customer);
    }
    const profile = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${centreA}/search/profile`,
      headers: h,
      payload: { first_name: 'Erika', last_name: foreign.customer, birthday: '' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain(foreign.customer);
  });
});
