import { ROLE } from '@tz/shared/constants';
import { MSG, SECURITY_MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../auth/totp';
import { nowMs, resetClock, setClock } from '../../clock';
import { auditLog } from '../../db/schema/platform';
import { userTotp } from '../../db/schema/security';
import { createCentre, createUser, PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Two-factor sign-in (issue 30): set-up, the code step, codes never twice and only ±1 step, recovery
 * codes once, failures counted toward the lockout, the centre's and the platform's requirement, the
 * set-up-only state, turning it off and the administrator's reset.
 */

const MAX_FAILURES = 5;
/** A moment 5 s into a 30-second step, so a test's few requests stay in that step. */
const T0 = new Date('2026-06-16T08:00:05Z');
const STEP = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: MAX_FAILURES });
});
afterAll(async () => {
  resetClock();
  await t.close();
});
beforeEach(() => {
  setClock(T0);
  t.deps.sessions.clear();
});

let ipSeq = 0;
/** Each test signs in from its own address, so the per-address limit of one test never hits another. */
const newIp = () => `10.30.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, ip = '10.30.255.1') {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: ip,
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
}

async function signIn(email: string, ip: string, password = PASSWORD) {
  const res = await call('POST', '/api/auth/login', undefined, { email, password }, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; second_factor: 'totp' | 'totp_setup' | null };
}

/** A user with the second factor on: its secret (as the app holds it), recovery codes and a full session. */
async function userWithTotp(fields: { staff_id?: number; role_id?: number } = {}) {
  const staffId = fields.staff_id ?? (await createCentre(t.database.db, { full_name: 'Testzentrum Süd' })).id;
  const user = await createUser(t.database.db, { role_id: ROLE.staff, ...fields, staff_id: staffId });
  const ip = newIp();
  const { token } = await signIn(user.email, ip);
  const setup = await call('POST', '/api/auth/two-factor/setup', token);
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().secret as string;
  const confirm = await call('POST', '/api/auth/two-factor/confirm', token, { code: totpCodeAt(secret, nowMs()) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { user, staffId, ip, secret, token, codes: confirm.json().recovery_codes as string[] };
}

/** Moves the server's clock on by whole steps (the codes of the next test calls belong to that time). */
function stepsLater(n: number) {
  setClock(new Date(nowMs() + n * STEP));
  t.deps.sessions.clear();
}

async function auditOf(userId: number, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(userId)), eq(auditLog.action, action)));
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('setting up the second factor', () => {
  it('shows the own secret as QR code and text, and keeps it sealed at rest', async () => {
    const centre = await createCentre(t.database.db, { full_name: 'Testzentrum Nord' });
    const user = await createUser(t.database.db, { staff_id: centre.id });
    const { token } = await signIn(user.email, newIp());
    const res = await call('POST', '/api/auth/two-factor/setup', token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toContain('otpauth://totp/');
    expect(decodeURIComponent(body.otpauth_uri)).toContain('issuer=Testzentrum Backoffice');
    expect(decodeURIComponent(body.otpauth_uri)).toContain(`Testzentrum Nord – ${user.email}`);
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // at rest: sealed, neither the secret nor its bytes in the row
    const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.user_id, user.id));
    expect(JSON.stringify(row)).not.toContain(body.secret);
    expect(row!.confirmed_at).toBeNull();
    // not on before the first code
    expect((await call('GET', '/api/auth/two-factor', token)).json()).toMatchObject({ enabled: false });
    expect((await signIn(user.email, newIp())).second_factor).toBeNull();
  });

  it('refuses a wrong first code and stays off', async () => {
    const centre = await createCentre(t.database.db);
    const user = await createUser(t.database.db, { staff_id: centre.id });
    const { token } = await signIn(user.email, newIp());
    const { secret } = (await call('POST', '/api/auth/two-factor/setup', token)).json();
    const res = await call('POST', '/api/auth/two-factor/confirm', token, {
      code: otherCode(totpCodeAt(secret, nowMs())),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'WRONG_CODE', message: SECURITY_MSG.wrongCode });
    expect(res.json().details).toEqual([{ field: 'code', message: SECURITY_MSG.wrongCode }]);
    expect((await call('GET', '/api/auth/two-factor', token)).json()).toMatchObject({ enabled: false });
  });

  it('turns on with a current code: ten single-use recovery codes once, the other sessions end', async () => {
    const centre = await createCentre(t.database.db);
    const user = await createUser(t.database.db, { staff_id: centre.id });
    const other = await signIn(user.email, newIp());
    const { token } = await signIn(user.email, newIp());
    const { secret } = (await call('POST', '/api/auth/two-factor/setup', token)).json();
    const res = await call('POST', '/api/auth/two-factor/confirm', token, { code: totpCodeAt(secret, nowMs()) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(SECURITY_MSG.turnedOn);
    expect(body.login).toBeNull();
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    // the other session ended at once, this one goes on
    expect((await call('GET', '/api/auth/session', other.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/session', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/two-factor', token)).json()).toEqual({
      enabled: true,
      required: false,
      required_reason: null,
      recovery_codes_left: 10,
    });
    // no second set-up over a confirmed one, and the codes are never shown again
    expect((await call('POST', '/api/auth/two-factor/setup', token)).statusCode).toBe(409);
    const [audit] = await auditOf(user.id, 'two_factor_on');
    expect(audit).toMatchObject({ user_id: user.id, staff_id: centre.id, after: { ended_sessions: 1 } });
  });
});

describe('signing in with the second factor', () => {
  it('asks for the code after the password; that step reaches nothing else', async () => {
    const { user, ip, secret } = await userWithTotp();
    stepsLater(1);
    const step = await signIn(user.email, ip);
    expect(step.second_factor).toBe('totp');
    for (const url of ['/api/auth/session', '/api/auth/sessions', '/api/auth/two-factor']) {
      const res = await call('GET', url, step.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'SECOND_FACTOR_DUE', message: SECURITY_MSG.codeStepDue });
    }
    expect((await call('GET', `/api/staff/${user.staff_id}/users`, step.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/two-factor/setup', step.token)).statusCode).toBe(403);

    const done = await call('POST', '/api/auth/second-factor', step.token, { code: totpCodeAt(secret, nowMs()) }, ip);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, second_factor: null, error: null });
    expect((await call('GET', '/api/auth/session', done.json().token)).statusCode).toBe(200);
    // the step is over: its token is worth nothing now
    expect((await call('GET', '/api/auth/session', step.token)).statusCode).toBe(401);
    // a full session has no business with the code route
    expect((await call('POST', '/api/auth/second-factor', done.json().token, { code: '123456' })).statusCode).toBe(403);
  });

  it('refuses a wrong code, a code of an expired step and a code used before; takes ±1 step', async () => {
    const { user, ip, secret } = await userWithTotp();
    stepsLater(4);
    const at = nowMs();
    let step = await signIn(user.email, ip);
    const send = (code: string) => call('POST', '/api/auth/second-factor', step.token, { code }, ip);

    const wrong = await send(otherCode(totpCodeAt(secret, at)));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error: 'WRONG_CODE', message: SECURITY_MSG.wrongCode });
    // two steps old: expired
    const expired = await send(totpCodeAt(secret, at - 2 * STEP));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(SECURITY_MSG.wrongCode);
    // one step old: within the window
    const previous = totpCodeAt(secret, at - STEP);
    expect((await send(previous)).statusCode).toBe(200);

    step = await signIn(user.email, ip);
    const reused = await send(previous);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: 'WRONG_CODE', message: SECURITY_MSG.codeUsed });
    const current = totpCodeAt(secret, at);
    expect((await send(current)).statusCode).toBe(200);

    step = await signIn(user.email, ip);
    expect((await send(current)).json().message).toBe(SECURITY_MSG.codeUsed);
    // one step ahead (a phone's clock a little fast) is fine, and nothing older after it
    expect((await send(totpCodeAt(secret, at + STEP))).statusCode).toBe(200);
  });

  it('takes a recovery code instead of the code, once', async () => {
    const { user, ip, codes, secret } = await userWithTotp();
    stepsLater(1);
    let step = await signIn(user.email, ip);
    // typed loosely: capitals, spaces instead of dashes
    const typed = codes[3]!.toUpperCase().replace(/-/g, ' ');
    const first = await call('POST', '/api/auth/second-factor', step.token, { code: typed }, ip);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().second_factor).toBeNull();
    const [audit] = await auditOf(user.id, 'recovery_code_used');
    expect(audit).toMatchObject({ user_id: user.id, after: { recovery_codes_left: 9 } });

    step = await signIn(user.email, ip);
    const again = await call('POST', '/api/auth/second-factor', step.token, { code: codes[3] }, ip);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(SECURITY_MSG.recoveryCodeUsed);
    // another user's codes mean nothing here
    const stranger = await userWithTotp();
    const foreign = await call('POST', '/api/auth/second-factor', step.token, { code: stranger.codes[0] }, ip);
    expect(foreign.json().message).toBe(SECURITY_MSG.wrongCode);
    const ok = await call('POST', '/api/auth/second-factor', step.token, { code: totpCodeAt(secret, nowMs()) }, ip);
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/two-factor', ok.json().token)).json().recovery_codes_left).toBe(9);
  });

  it('counts wrong codes toward the lockout; a right password does not wipe them; the lockout is audited', async () => {
    const { user, ip, secret } = await userWithTotp();
    stepsLater(1);
    let step = await signIn(user.email, ip);
    const wrong = otherCode(totpCodeAt(secret, nowMs()));
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      expect((await call('POST', '/api/auth/second-factor', step.token, { code: wrong }, ip)).statusCode).toBe(422);
    }
    // the password is right, yet the failures of the code stay booked
    step = await signIn(user.email, ip);
    expect((await call('POST', '/api/auth/second-factor', step.token, { code: wrong }, ip)).statusCode).toBe(422);
    expect(await auditOf(user.id, 'lockout')).toHaveLength(1);

    const right = await call('POST', '/api/auth/second-factor', step.token, { code: totpCodeAt(secret, nowMs()) }, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MSG.tooManyLogins);
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: user.email, password: PASSWORD }, ip)).statusCode,
    ).toBe(429);
    const [audit] = await auditOf(user.id, 'lockout');
    expect(audit).toMatchObject({ user_id: null, staff_id: user.staff_id, after: { failures: MAX_FAILURES } });
  });
});

describe('a second factor that is required', () => {
  it('by the centre: a user without one reaches only the set-up, which completes the sign-in', async () => {
    const centre = await createCentre(t.database.db);
    const admin = await createUser(t.database.db, { staff_id: centre.id, role_id: ROLE.admin });
    const staff = await createUser(t.database.db, { staff_id: centre.id, role_id: ROLE.staff });
    const adminToken = (await signIn(admin.email, newIp())).token;
    const set = await call('PUT', `/api/staff/${centre.id}/account/two-factor`, adminToken, { required: true });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', `/api/staff/${centre.id}/account/two-factor`, adminToken)).json()).toEqual({
      required: true,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staff_id, centre.id), eq(auditLog.action, 'two_factor_required')));
    expect(audit).toMatchObject({ before: { two_factor_required: false }, after: { two_factor_required: true } });

    const ip = newIp();
    const step = await signIn(staff.email, ip);
    expect(step.second_factor).toBe('totp_setup');
    // nothing but the set-up (and logout)
    for (const [method, url] of [
      ['GET', '/api/auth/session'],
      ['GET', '/api/auth/sessions'],
      ['GET', '/api/auth/two-factor'],
      ['GET', '/api/news'],
      ['POST', '/api/auth/second-factor'],
      ['POST', '/api/auth/two-factor/disable'],
    ] as const) {
      const res = await call(method, url, step.token, { code: '123456', password: PASSWORD });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toBe('SECOND_FACTOR_SETUP_DUE');
    }
    const setup = await call('POST', '/api/auth/two-factor/setup', step.token);
    expect(setup.statusCode, setup.body).toBe(200);
    const confirm = await call(
      'POST',
      '/api/auth/two-factor/confirm',
      step.token,
      { code: totpCodeAt(setup.json().secret, nowMs()) },
      ip,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const login = confirm.json().login;
    expect(login).toMatchObject({ id: staff.id, second_factor: null });
    expect((await call('GET', '/api/auth/session', login.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/session', step.token)).statusCode).toBe(401);
    // required: it cannot be turned off
    const off = await call('POST', '/api/auth/two-factor/disable', login.token, { password: PASSWORD }, ip);
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ error: 'TWO_FACTOR_REQUIRED', message: SECURITY_MSG.requiredCannotTurnOff });
    expect((await call('GET', '/api/auth/two-factor', login.token)).json()).toMatchObject({
      enabled: true,
      required: true,
      required_reason: SECURITY_MSG.requiredByCentre,
    });
  });

  it("for platform admins once the platform's date has come, not before", async () => {
    const platformCentre = await createCentre(t.database.db);
    const platform = await createUser(t.database.db, { staff_id: platformCentre.id, role_id: ROLE.platformAdmin });
    const ip = newIp();
    const { token } = await signIn(platform.email, ip);
    const past = await call('PUT', '/api/platform/security', token, { admin_totp_required_from: '2026-06-15' });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(SECURITY_MSG.graceInPast);
    const set = await call('PUT', '/api/platform/security', token, { admin_totp_required_from: '2026-07-01' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', '/api/platform/security', token)).json()).toEqual({
      admin_totp_required_from: '2026-07-01',
    });
    // a centre admin has no say
    const centre = await createCentre(t.database.db);
    const admin = await createUser(t.database.db, { staff_id: centre.id, role_id: ROLE.admin });
    const adminToken = (await signIn(admin.email, newIp())).token;
    expect(
      (await call('PUT', '/api/platform/security', adminToken, { admin_totp_required_from: '2026-07-02' })).statusCode,
    ).toBe(403);

    // the evening before the date (Berlin): still the password alone, with a warning on the account page
    setClock(new Date('2026-06-30T21:59:00Z'));
    const before = await signIn(platform.email, ip);
    expect(before.second_factor).toBeNull();
    expect((await call('GET', '/api/auth/two-factor', before.token)).json()).toEqual({
      enabled: false,
      required: false,
      required_reason: 'Für Plattform-Administratoren ist die Zwei-Faktor-Anmeldung ab dem 01.07.2026 vorgeschrieben.',
      recovery_codes_left: 0,
    });
    // midnight in Berlin: set-up first
    setClock(new Date('2026-06-30T22:00:05Z'));
    expect((await signIn(platform.email, ip)).second_factor).toBe('totp_setup');
    // centre users are not concerned
    expect((await signIn(admin.email, newIp())).second_factor).toBeNull();
  });
});

describe('turning it off and the reset', () => {
  it('turns off with the password only, and ends the other sessions', async () => {
    const { user, ip, token } = await userWithTotp();
    stepsLater(1);
    const other = await signIn(user.email, ip);
    expect(other.second_factor).toBe('totp');
    const wrong = await call('POST', '/api/auth/two-factor/disable', token, { password: 'falsch123' }, ip);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details).toEqual([{ field: 'password', message: SECURITY_MSG.wrongPassword }]);
    const off = await call('POST', '/api/auth/two-factor/disable', token, { password: PASSWORD }, ip);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(SECURITY_MSG.turnedOff);
    expect((await call('GET', '/api/auth/session', token)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/second-factor', other.token, { code: '123456' })).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/two-factor', token)).json()).toMatchObject({ enabled: false });
    expect((await signIn(user.email, ip)).second_factor).toBeNull();
    expect(await auditOf(user.id, 'two_factor_off')).toHaveLength(1);
    expect((await call('POST', '/api/auth/two-factor/disable', token, { password: PASSWORD }, ip)).statusCode).toBe(
      409,
    );
  });

  it("lets an administrator reset a user's second factor: audited, sessions ended, never the secret shown", async () => {
    const centre = await createCentre(t.database.db);
    const admin = await createUser(t.database.db, { staff_id: centre.id, role_id: ROLE.admin });
    const manager = await createUser(t.database.db, { staff_id: centre.id, role_id: ROLE.manager });
    const { user, ip, token, secret } = await userWithTotp({ staff_id: centre.id });
    const adminToken = (await signIn(admin.email, newIp())).token;
    const managerToken = (await signIn(manager.email, newIp())).token;

    const listed = await call('GET', `/api/staff/${centre.id}/two-factor/users`, adminToken);
    expect(listed.statusCode).toBe(200);
    // the clock runs on from T0 during the test
    expect(listed.json()).toEqual([{ user_id: user.id, enabled_at: expect.stringMatching(/^2026-06-16T08:00:/) }]);
    const users = await call('GET', `/api/staff/${centre.id}/users`, adminToken);
    expect(users.body).not.toContain(secret);

    const url = `/api/staff/${centre.id}/users/${user.id}/two-factor/reset`;
    expect((await call('POST', url, managerToken)).statusCode).toBe(403);
    const self = await call('POST', `/api/staff/${centre.id}/users/${admin.id}/two-factor/reset`, adminToken);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(SECURITY_MSG.resetSelf);

    const res = await call('POST', url, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SECURITY_MSG.resetDone);
    expect((await call('GET', '/api/auth/session', token)).statusCode).toBe(401);
    const [audit] = await auditOf(user.id, 'two_factor_reset');
    expect(audit).toMatchObject({ user_id: admin.id, staff_id: centre.id, after: { ended_sessions: 1 } });
    expect((await signIn(user.email, ip)).second_factor).toBeNull();
    const again = await call('POST', url, adminToken);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(SECURITY_MSG.resetNothing);
    expect((await call('GET', `/api/staff/${centre.id}/two-factor/users`, adminToken)).json()).toEqual([]);
  });

  it('refuses a centre administrator resetting a more powerful user', async () => {
    const centre = await createCentre(t.database.db);
    const admin = await createUser(t.database.db, { staff_id: centre.id, role_id: ROLE.admin });
    const { user } = await userWithTotp({ staff_id: centre.id, role_id: ROLE.platformAdmin });
    const adminToken = (await signIn(admin.email, newIp())).token;
    const res = await call('POST', `/api/staff/${centre.id}/users/${user.id}/two-factor/reset`, adminToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('USER_TOO_POWERFUL');
  });
});
