import { ROLE } from '@tz/shared/constants';
import { SECURITY_MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nowMs, resetClock, setClock } from '../../clock';
import { auditLog } from '../../db/schema/platform';
import { createCentre, createUser, PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The account page's own sessions (issue 30): listed, ended one by one or all others at once. */

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87';
const T0 = new Date('2026-06-16T08:00:00Z');

let t: TestApp;
beforeAll(async () => {
  // the default cache time: an ended session must not be answered from this process's cache
  t = await createTestApp({ sessionCacheSeconds: 5 });
});
afterAll(async () => {
  resetClock();
  await t.close();
});
beforeEach(() => {
  setClock(T0);
  t.deps.sessions.clear();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function signIn(email: string, userAgent: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}
const sessionCheck = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });

async function twoSessions() {
  const centre = await createCentre(t.database.db);
  const user = await createUser(t.database.db, { staff_id: centre.id, role_id: ROLE.staff });
  const office = await signIn(user.email, FIREFOX, '192.0.2.10');
  setClock(new Date(nowMs() + 60_000));
  const home = await signIn(user.email, EDGE, '198.51.100.7');
  return { centre, user, office, home };
}

describe('own sessions', () => {
  it('lists the open sessions with browser, address and times; the current one is marked', async () => {
    const { centre, office, home } = await twoSessions();
    // someone else's session is no part of it
    const stranger = await createUser(t.database.db, { staff_id: centre.id });
    await signIn(stranger.email, FIREFOX, '192.0.2.99');
    const res = await list(office);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(2);
    expect(rows.map((r: { browser: string }) => r.browser).sort()).toEqual([
      'Edge 126 unter Windows',
      'Firefox 128 unter Linux',
    ]);
    const current = rows.find((r: { current: boolean }) => r.current);
    expect(current).toMatchObject({ browser: 'Firefox 128 unter Linux', ip: '192.0.2.10' });
    expect(current.created_at).toMatch(/^2026-06-16T08:00:/);
    expect(rows.find((r: { current: boolean }) => !r.current)).toMatchObject({ ip: '198.51.100.7' });
    expect((await list(home)).json().filter((r: { current: boolean }) => r.current)[0].browser).toBe(
      'Edge 126 unter Windows',
    );
  });

  it('shows when a session was last used (written at most once a minute)', async () => {
    const { office, home } = await twoSessions();
    setClock(new Date('2026-06-16T09:30:00Z'));
    t.deps.sessions.clear();
    expect((await sessionCheck(home)).statusCode).toBe(200);
    const rows = (await list(office)).json();
    const other = rows.find((r: { current: boolean }) => !r.current);
    expect(other.last_seen_at).toMatch(/^2026-06-16T09:30:00/);
    expect(other.created_at).toMatch(/^2026-06-16T08:01:/);
  });

  it('ends one session at once, even one this process had cached', async () => {
    const { user, office, home } = await twoSessions();
    // cached by this call
    expect((await sessionCheck(home)).statusCode).toBe(200);
    const other = (await list(office)).json().find((r: { current: boolean }) => !r.current);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other.id}`,
      headers: bearer(office),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SECURITY_MSG.sessionEnded);
    expect((await sessionCheck(home)).statusCode).toBe(401);
    expect((await sessionCheck(office)).statusCode).toBe(200);
    expect((await list(office)).json()).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(user.id)), eq(auditLog.action, 'session_ended')));
    expect(audit).toMatchObject({ user_id: user.id, after: { browser: 'Edge 126 unter Windows', ip: '198.51.100.7' } });
  });

  it("cannot end another user's session", async () => {
    const mine = await twoSessions();
    const theirs = await twoSessions();
    const target = (await list(theirs.office)).json()[0];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${target.id}`,
      headers: bearer(mine.office),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SECURITY_MSG.sessionNotFound);
    expect((await sessionCheck(theirs.office)).statusCode).toBe(200);
    expect((await sessionCheck(theirs.home)).statusCode).toBe(200);
  });

  it('ends all other sessions at once and keeps this one', async () => {
    const { user, office, home } = await twoSessions();
    const third = await signIn(user.email, EDGE, '203.0.113.5');
    expect((await sessionCheck(home)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others', headers: bearer(office) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2, message: '2 andere Sitzungen wurden beendet.' });
    expect((await sessionCheck(home)).statusCode).toBe(401);
    expect((await sessionCheck(third)).statusCode).toBe(401);
    expect((await sessionCheck(office)).statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(user.id)), eq(auditLog.action, 'sessions_ended')));
    expect(audit).toMatchObject({ user_id: user.id, after: { ended_sessions: 2 } });
  });

  it('a password change ends the other sessions', async () => {
    const { centre, user, office, home } = await twoSessions();
    expect((await sessionCheck(home)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${centre.id}/users/${user.id}/password`,
      headers: bearer(office),
      payload: { password: 'neues-passwort', password2: 'neues-passwort' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sessionCheck(home)).statusCode).toBe(401);
    expect((await sessionCheck(office)).statusCode).toBe(200);
  });
});
