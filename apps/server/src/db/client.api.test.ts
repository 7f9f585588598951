import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('plans for data on SSD or in memory on every connection (random_page_cost 1.1)', async () => {
  // With PostgreSQL's default of 4 the one-day list scanned all customers instead of using the index.
  const res = await database.db.execute(sql`show random_page_cost`);
  expect((res as unknown as { rows: { random_page_cost: string }[] }).rows[0]?.random_page_cost).toBe('1.1');
});
