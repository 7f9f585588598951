import { text } from 'node:stream/consumers';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { jsonArrayStream } from './row-stream';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const stream = (sql: string, params: unknown[] = []) => jsonArrayStream(database.raw as pg.Pool, { sql, params });

// The streamed list answer exists on PostgreSQL only (PGlite answers in one piece).
describe.runIf(process.env.TEST_DB_KIND === 'postgres')('a query streamed row by row', () => {
  it('writes every row between the brackets, in the query order, across many chunks', async () => {
    const rows = 20_000;
    const body = await text(
      await stream(
        `select json_build_object('n', g, 's', repeat('ü', 10))::text as json from generate_series(1, $1::int) g`,
        [rows],
      ),
    );
    const parsed = JSON.parse(body) as { n: number; s: string }[];
    expect(parsed).toHaveLength(rows);
    expect(parsed.map((r) => r.n)).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    expect(parsed[0]!.s).toBe('ü'.repeat(10));
  });

  it('answers an empty result as an empty array', async () => {
    expect(await text(await stream('select 1::text as json where false'))).toBe('[]');
  });

  it('fails the call itself when the query fails before its first row, and gives the connection back', async () => {
    await expect(stream('select (1 / 0)::text as json')).rejects.toThrow(/division by zero/);
    const pool = database.raw as pg.Pool;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('ends the stream with the error when the query fails after its first rows', async () => {
    const started = await stream(
      `select case when g < 50000 then g::text else (1 / (g - g))::text end as json from generate_series(1, 60000) g`,
    );
    await expect(text(started)).rejects.toThrow(/division by zero/);
  });
});
