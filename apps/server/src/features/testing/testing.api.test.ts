import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs, resetClock } from '../../clock';
import { DEMO_PASSWORD } from '../../demo/seed';
import { login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueMail } from '../mail/mail-outbox';

let withApi: TestApp;
let without: TestApp;
beforeAll(async () => {
  [withApi, without] = await Promise.all([createTestApp({ testApi: true }), createTestApp()]);
});
afterAll(async () => {
  resetClock();
  await Promise.all([withApi.close(), without.close()]);
});

const put = (t: TestApp, now: string) => t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });

describe('the e2e test API', () => {
  it('does not exist without TEST_API', async () => {
    expect((await put(without, '2026-03-29T01:30:00+01:00')).statusCode).toBe(404);
    expect((await without.app.inject({ method: 'POST', url: '/api/test/centres' })).statusCode).toBe(404);
    expect((await without.app.inject({ method: 'GET', url: '/api/test/centres/1/mails' })).statusCode).toBe(404);
  });

  it("answers one centre's outbox, oldest first", async () => {
    const centres = (await withApi.app.inject({ method: 'POST', url: '/api/test/centres' })).json();
    await enqueueMail(withApi.database.db, {
      staff_id: centres.test_centre_id,
      kind: 'k1',
      to: 'a@x.example',
      subject: 'Eins',
      text: 'eins',
    });
    await enqueueMail(withApi.database.db, {
      staff_id: centres.test_centre_id,
      kind: 'k2',
      to: 'b@x.example',
      subject: 'Zwei',
      text: 'zwei',
    });
    await enqueueMail(withApi.database.db, {
      staff_id: centres.vaccination_centre_id,
      kind: 'k3',
      to: 'c@x.example',
      subject: 'Drei',
      text: 'drei',
    });
    const res = await withApi.app.inject({ method: 'GET', url: `/api/test/centres/${centres.test_centre_id}/mails` });
    expect(res.statusCode).toBe(200);
    // The text as queued, with the centre's legal footer the outbox adds (features/mail).
    expect(res.json().filter((m: { kind: string }) => m.kind.startsWith('k'))).toEqual([
      { kind: 'k1', to: 'a@x.example', subject: 'Eins', text: expect.stringMatching(/^eins(\n|$)/) },
      { kind: 'k2', to: 'b@x.example', subject: 'Zwei', text: expect.stringMatching(/^zwei(\n|$)/) },
    ]);
  });

  it('sets the server clock, which then decides "today" of the centre', async () => {
    // 23:45 on the last Sunday of March (clocks change at 02:00): still Sunday in Berlin, Monday nowhere yet.
    const res = await put(withApi, '2026-03-29T23:45:00+02:00');
    expect(res.statusCode).toBe(200);
    expect(Math.abs(Date.parse(res.json().now) - Date.parse('2026-03-29T21:45:00Z'))).toBeLessThan(5_000);
    expect(Math.abs(nowMs() - Date.parse('2026-03-29T21:45:00Z'))).toBeLessThan(5_000);

    const centres = (await withApi.app.inject({ method: 'POST', url: '/api/test/centres' })).json();
    const { token } = await login(withApi.app, centres.logins.admin, DEMO_PASSWORD);
    const today = await withApi.app.inject({
      method: 'GET',
      url: `/api/staff/${centres.test_centre_id}/appointments/today`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(today.json().date).toBe('2026-03-29');
  });

  it('refuses a time that is not ISO 8601', async () => {
    expect((await put(withApi, 'morgen früh')).statusCode).toBe(400);
  });

  it('makes a new set of centres with logins of its own each time, seeded around the clock', async () => {
    await put(withApi, '2026-12-31T23:50:00+01:00');
    const [a, b] = await Promise.all(
      [1, 2].map(async () => (await withApi.app.inject({ method: 'POST', url: '/api/test/centres' })).json()),
    );
    expect(a.tag).not.toBe(b.tag);
    expect(a.test_centre_id).not.toBe(b.test_centre_id);
    expect(a.logins.admin).toMatch(/^admin\.t[0-9a-f]{10}@demo\.example$/);
    for (const email of Object.values(a.logins) as string[]) {
      const session = await login(withApi.app, email, DEMO_PASSWORD);
      expect(session.token).toMatch(/^ey/);
    }
    // A's admin sees only A's centre.
    const { token } = await login(withApi.app, a.logins.admin, DEMO_PASSWORD);
    const other = await withApi.app.inject({
      method: 'GET',
      url: `/api/staff/${b.test_centre_id}/appointments/today`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(403);
    const own = await withApi.app.inject({
      method: 'GET',
      url: `/api/staff/${a.test_centre_id}/appointments/today`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.json()).toMatchObject({ date: '2026-12-31' });
    expect(own.json().appointments).toBeGreaterThan(0);
  });

  it('keeps a session valid however far the clock moved back before the login, and ends it when the clock passes its expiry', async () => {
    await put(withApi, '2026-03-01T10:00:00+01:00');
    const centres = (await withApi.app.inject({ method: 'POST', url: '/api/test/centres' })).json();
    const { token } = await login(withApi.app, centres.logins.staff, DEMO_PASSWORD);
    const session = () =>
      withApi.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
    expect((await session()).statusCode).toBe(200);
    await put(withApi, '2026-03-02T10:00:00+01:00');
    expect((await session()).statusCode).toBe(401);
  });
});
