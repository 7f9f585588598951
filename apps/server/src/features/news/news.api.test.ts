import { afterAll, beforeAll, expect, it } from 'vitest';
import { news } from '../../db/schema/platform';
import { centreWithUser } from '../../test/factories';
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
