import { ROLE } from '@tz/shared/constants';
import { stagesOf } from '@tz/shared/http/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../clock';
import { sessions } from '../db/schema/users';
import { centreWithUser, createUser, login } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { signSessionToken } from './tokens';

/**
 * The authorization matrix: enumerates every registered endpoint, so a route
 * added later is covered without touching this file.
 */
let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
let other: Awaited<ReturnType<typeof centreWithUser>>;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  own = await centreWithUser(t.app, t.database.db, ROLE.admin);
  other = await centreWithUser(t.app, t.database.db, ROLE.admin);
  const staff = await createUser(t.database.db, { staff_id: own.centre.id, role_id: ROLE.staff });
  staffToken = (await login(t.app, staff.email)).token;
});
afterAll(() => t.close());

function urlFor(path: string, staffId: number) {
  return path.replace(/:staffId/g, String(staffId)).replace(/:[A-Za-z_]+/g, '1');
}

describe('route guard', () => {
  it('knows the endpoints', () => {
    expect(t.deps.endpoints.length).toBeGreaterThan(5);
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const e of t.deps.endpoints.filter((e) => !('public' in e.access))) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e.path, own.centre.id),
        payload: e.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('answers 401 for a forged token on every non-public route', async () => {
    for (const e of t.deps.endpoints.filter((e) => !('public' in e.access))) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e.path, own.centre.id),
        headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4IiwidWlkIjoxfQ.invalid' },
        payload: e.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('answers 403 when a centre user calls another centre', async () => {
    const tenantRoutes = t.deps.endpoints.filter(
      (e) => 'tenant' in e.access && e.access.tenant && e.access.maxRole >= ROLE.admin,
    );
    for (const e of tenantRoutes) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e.path, other.centre.id),
        headers: own.headers,
        payload: e.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('answers 403 when the body names another centre than the path', async () => {
    const tenantWrites = t.deps.endpoints.filter(
      (e) => 'tenant' in e.access && e.access.tenant && e.access.maxRole >= ROLE.admin && e.method !== 'GET',
    );
    for (const e of tenantWrites) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e.path, own.centre.id),
        headers: own.headers,
        payload: { staff_id: other.centre.id },
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('answers 403 when the role is too weak', async () => {
    const strongOnly = t.deps.endpoints.filter((e) => !('public' in e.access) && e.access.maxRole < ROLE.staff);
    expect(strongOnly.length).toBeGreaterThan(0);
    for (const e of strongOnly) {
      const res = await t.app.inject({
        method: e.method,
        url: urlFor(e.path, own.centre.id),
        headers: { authorization: `Bearer ${staffToken}` },
        payload: e.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
  });

  it('lets a sign-in waiting for its second factor reach only the routes of its step', async () => {
    const steps = { totp: 'SECOND_FACTOR_DUE', totp_setup: 'SECOND_FACTOR_SETUP_DUE' } as const;
    const reachable: Record<string, string[]> = {};
    for (const [stage, code] of Object.entries(steps) as [keyof typeof steps, string][]) {
      const user = await createUser(t.database.db, { staff_id: own.centre.id, role_id: ROLE.admin });
      const expires = new Date(nowMs() + 600_000);
      const [row] = await t.database.db
        .insert(sessions)
        .values({ user_id: user.id, staff_id: own.centre.id, expires_at: expires, stage })
        .returning({ id: sessions.id });
      const token = await signSessionToken(t.deps.config.jwtSecret, { sid: row!.id, uid: user.id }, expires);
      reachable[stage] = [];
      for (const e of t.deps.endpoints.filter((e) => !('public' in e.access))) {
        if ('public' in e.access) continue;
        if (stagesOf(e.access).includes(stage)) {
          reachable[stage].push(`${e.method} ${e.path}`);
          continue;
        }
        const res = await t.app.inject({
          method: e.method,
          url: urlFor(e.path, own.centre.id),
          headers: { authorization: `Bearer ${token}` },
          payload: e.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
        expect(res.json().error, `${e.method} ${e.path}`).toBe(code);
      }
    }
    expect(reachable.totp!.sort()).toEqual(['POST /api/auth/logout', 'POST /api/auth/second-factor']);
    expect(reachable.totp_setup!.sort()).toEqual([
      'POST /api/auth/logout',
      'POST /api/auth/two-factor/confirm',
      'POST /api/auth/two-factor/setup',
    ]);
  });

  it('refuses the code step to a complete session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      headers: own.headers,
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('FORBIDDEN');
  });
});
