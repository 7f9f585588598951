import { ROLE } from '@tz/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreWithUser, createUser, login } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

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
});
