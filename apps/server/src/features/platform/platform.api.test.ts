import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreWithUser, createCentre, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
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
});

describe('centre list and activation', () => {
  it('lets a platform admin activate a centre by creating its first user', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const fresh = await createCentre(t.database.db, { testcenter: false, city: 'Neustadt' });
    const list = await t.app.inject({ method: 'GET', url: '/api/platform/centres', headers: admin.headers });
    expect(list.json()).toContainEqual({
      id: fresh.id,
      full_name: fresh.full_name,
      city: 'Neustadt',
      testcenter: false,
    });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${fresh.id}/user`,
      headers: admin.headers,
      payload: { name: 'Neue Admin', email: `neu-${fresh.id}@x.example`, password: 'sicher123', staff_id: fresh.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.testcenterUserSaved);
    const after = await t.app.inject({ method: 'GET', url: '/api/platform/centres', headers: admin.headers });
    expect(after.json().find((c: { id: number }) => c.id === fresh.id).testcenter).toBe(true);
    const newcomer = await login(t.app, `neu-${fresh.id}@x.example`, 'sicher123');
    expect(newcomer.bookly_staff_id).toBe(fresh.id);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/platform/centres/${fresh.id}/user`,
      headers: admin.headers,
      payload: { name: 'Doppelt', email: `NEU-${fresh.id}@x.example`, password: 'sicher123', staff_id: fresh.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([{ field: 'email', message: MSG.emailTaken }]);
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
