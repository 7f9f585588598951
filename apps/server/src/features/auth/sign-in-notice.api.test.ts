import { SECURITY_MSG } from '@tz/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../auth/totp';
import { nowMs, resetClock, setClock } from '../../clock';
import { mailOutbox } from '../../db/schema/mail';
import { knownBrowsers } from '../../db/schema/security';
import { createCentre, createUser, PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The notice of a sign-in from a new browser (issue 30): German, through the outbox, once per browser. */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
// 10:20 in Berlin (summer time)
const T0 = new Date('2026-06-16T08:20:05Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  resetClock();
  await t.close();
});
beforeEach(() => setClock(T0));

/** Signs in like a browser: sends its cookie if it has one and keeps the one the server sets. */
async function signInFrom(browser: { cookie?: string }, email: string, ip = '203.0.113.9') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': CHROME, ...(browser.cookie ? { cookie: browser.cookie } : {}) },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.headers['set-cookie'];
  if (typeof set === 'string') browser.cookie = set.split(';')[0];
  return res;
}

const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('sign-in notice', () => {
  it('remembers the first browser silently, then mails once for a new one, never again for the same', async () => {
    const centre = await createCentre(t.database.db);
    const user = await createUser(t.database.db, { staff_id: centre.id, name: 'Mia Muster' });
    const office = {} as { cookie?: string };
    const first = await signInFrom(office, user.email);
    // a long-lived cookie for the sign-in routes only, out of scripts' reach
    expect(first.headers['set-cookie']).toMatch(
      /^tz_browser=[A-Za-z0-9_-]{43}; Path=\/api\/auth; Max-Age=34560000; HttpOnly; SameSite=Strict$/,
    );
    expect(await mailsTo(user.email)).toHaveLength(0);
    // stored hashed only
    const [row] = await t.database.db.select().from(knownBrowsers).where(eq(knownBrowsers.user_id, user.id));
    expect(row!.browser_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(office.cookie).not.toContain(row!.browser_hash);

    const again = await signInFrom(office, user.email);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await mailsTo(user.email)).toHaveLength(0);

    const laptop = {} as { cookie?: string };
    await signInFrom(laptop, user.email, '198.51.100.23');
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: SECURITY_MSG.noticeSubject,
      kind: 'new_browser_sign_in',
      staff_id: null,
    });
    expect(mails[0]!.text).toContain('Guten Tag Mia Muster,');
    expect(mails[0]!.text).toContain('Zeit: 16.06.2026, 10:20 Uhr');
    expect(mails[0]!.text).toContain('Browser: Chrome 126 unter Windows');
    expect(mails[0]!.text).toContain('Adresse: 198.51.100.23');
    expect(mails[0]!.text).toContain('Nicht Sie? Dann ändern Sie bitte sofort Ihr Passwort');

    await signInFrom(laptop, user.email, '198.51.100.23');
    await signInFrom(office, user.email);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a browser another user of the computer signed in with is still new for this user', async () => {
    const centre = await createCentre(t.database.db);
    const anna = await createUser(t.database.db, { staff_id: centre.id });
    const ben = await createUser(t.database.db, { staff_id: centre.id });
    const shared = {} as { cookie?: string };
    await signInFrom({}, ben.email);
    await signInFrom(shared, anna.email);
    const cookie = shared.cookie;
    await signInFrom(shared, ben.email);
    // the shared computer keeps its one cookie
    expect(shared.cookie).toBe(cookie);
    expect(await mailsTo(ben.email)).toHaveLength(1);
    await signInFrom(shared, ben.email);
    expect(await mailsTo(ben.email)).toHaveLength(1);
  });

  it('with a second factor the notice follows the code, not the password', async () => {
    const centre = await createCentre(t.database.db);
    const user = await createUser(t.database.db, { staff_id: centre.id });
    const office = {} as { cookie?: string };
    const { token } = (await signInFrom(office, user.email)).json();
    const headers = { authorization: `Bearer ${token}` };
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers })).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers,
      payload: { code: totpCodeAt(secret, nowMs()) },
    });
    setClock(new Date(nowMs() + 30_000));
    const laptop = {} as { cookie?: string };
    const step = (await signInFrom(laptop, user.email)).json();
    expect(step.second_factor).toBe('totp');
    expect(laptop.cookie).toBeUndefined();
    expect(await mailsTo(user.email)).toHaveLength(0);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      headers: { authorization: `Bearer ${step.token}`, 'user-agent': CHROME },
      payload: { code: totpCodeAt(secret, nowMs()) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['set-cookie']).toMatch(/^tz_browser=/);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
