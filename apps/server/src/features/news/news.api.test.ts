import { afterAll, beforeAll, expect, it } from 'vitest';
import { news } from '../../db/schema/platform';
import { centreWithUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists news newest first and touch marks them seen', async () => {
  await t.database.db.insert(news).values([
    { title: 'Alt', content: 'a', updated_at: new Date('2026-01-01T10:00:00Z') },
    { title: 'Neu', content: '**b**', updated_at: new Date('2026-02-01T10:00:00Z') },
  ]);
  const u = await centreWithUser(t.app, t.database.db);
  const list = await t.app.inject({ method: 'GET', url: '/api/news', headers: u.headers });
  expect(list.json().map((n: { title: string }) => n.title)).toEqual(['Neu', 'Alt']);
  // A session check before the touch puts the answer in the session cache; the touch must replace it.
  const before = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: u.headers });
  expect(before.json().user.last_seen_news_item).toBeNull();
  const touched = await t.app.inject({ method: 'POST', url: '/api/news/touch', headers: u.headers });
  expect(Date.parse(touched.json().last_seen_news_item)).toBeGreaterThan(Date.parse('2026-02-01T10:00:00Z'));
  const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: u.headers });
  expect(session.json().user.last_seen_news_item).toBe(touched.json().last_seen_news_item);
});

it("asks once per login session: 'Ignorieren' holds for every later call of that session, a new login asks again, seen news never", async () => {
  await t.database.db
    .insert(news)
    .values({ title: 'Neuer', content: 'c', updated_at: new Date('2026-03-01T10:00:00Z') });
  const u = await centreWithUser(t.app, t.database.db);
  const due = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/news/prompt', headers })).json().due as boolean;
  expect(await due(u.headers)).toBe(true);
  const dismissed = await t.app.inject({ method: 'POST', url: '/api/news/prompt/dismiss', headers: u.headers });
  expect(dismissed.json()).toEqual({ ok: true });
  // the same session, from wherever its token is used (another tab, a page loaded without the browser's storage)
  expect(await due(u.headers)).toBe(false);

  // a new login of the same user is a new session: it asks again, until the news are seen
  const again = await login(t.app, u.user.email);
  const second = { authorization: `Bearer ${again.token}` };
  expect(await due(second)).toBe(true);
  await t.app.inject({ method: 'POST', url: '/api/news/touch', headers: second });
  expect(await due(second)).toBe(false);
  const third = await login(t.app, u.user.email);
  expect(await due({ authorization: `Bearer ${third.token}` })).toBe(false);
  expect((await t.app.inject({ method: 'GET', url: '/api/news/prompt' })).statusCode).toBe(401);
});
