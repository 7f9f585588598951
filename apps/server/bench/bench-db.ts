import { rmSync } from 'node:fs';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client';

export type DbKind = 'pglite' | 'postgres';

/** The bare driver, the same call on both: what the generator and the bare-SQL timings use. */
export interface BenchDb {
  database: Database;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A query as the server sends it: on PostgreSQL as the named prepared statement it is there (shapedSql). */
  prepared(q: { sql: string; params: unknown[]; name: string }): Promise<unknown>;
}

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/tz_bench';

function wrap(database: Database): BenchDb {
  const raw = database.raw as { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[] }> };
  return {
    database,
    query: async <T>(text: string, params?: unknown[]) => (await raw.query(text, params)) as { rows: T[] },
    prepared: (q) =>
      database.kind === 'postgres'
        ? (database.raw as pg.Pool).query({ name: q.name, text: q.sql, values: q.params })
        : raw.query(q.sql, q.params),
  };
}

/** Creates the bench database on the server when missing (it is only ever the bench's own). */
async function ensurePgDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

/** Opens the bench database; `fresh` empties it first and migrates. */
export async function openBenchDb(kind: DbKind, where: string, fresh: boolean): Promise<BenchDb> {
  if (kind === 'pglite') {
    if (fresh) rmSync(where, { recursive: true, force: true });
    const database = await openPglite({ dataDir: where });
    if (fresh) await database.migrate();
    return wrap(database);
  }
  await ensurePgDatabase(where);
  const database = openPostgres(where, 4);
  if (fresh) {
    await (database.raw as pg.Pool).query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade',
    );
    await (database.raw as pg.Pool).query('create schema public');
    await database.migrate();
  }
  return wrap(database);
}
