import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { rowsOf } from './rows';
import { shapedSql } from './shaped-sql';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const doubled = shapedSql<{ n: number }>({
  shape: () => '',
  values: ({ n }) => ({ n }),
  build: () => sql`select ${sql.placeholder('n')}::int * 2 as doubled`,
});

describe('a shaped query run on the database', () => {
  it('answers with the values of each call', async () => {
    expect(await doubled.rows(database.db, { n: 2 })).toEqual([{ doubled: 4 }]);
    expect(await doubled.rows(database.db, { n: 21 })).toEqual([{ doubled: 42 }]);
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'is prepared once per connection under its name on PostgreSQL, and then only bound',
    async () => {
      const { name } = doubled.query({ n: 0 });
      const runs = await database.db.transaction(async (tx) => {
        // Runs of the statement so far on this connection (an earlier test may have used it).
        const calls = async () =>
          rowsOf<{ calls: number }>(
            await tx.execute(sql`select (generic_plans + custom_plans)::int as calls
              from pg_prepared_statements where name = ${name}`),
          )[0]?.calls ?? 0;
        await doubled.rows(tx, { n: 1 });
        const once = await calls();
        await doubled.rows(tx, { n: 2 });
        await doubled.rows(tx, { n: 3 });
        return { once, more: (await calls()) - once };
      });
      expect(runs.once).toBeGreaterThan(0);
      expect(runs.more).toBe(2);
    },
  );
});
