import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** One type for both drivers: the query builder is the same PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs migrations from apps/server/drizzle; safe to call at every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw driver, for the benchmark's bare-SQL comparisons and tests. */
  raw: PGlite | pg.Pool;
}

/**
 * Planner costs for data that sits on SSD or in memory (PostgreSQL's default
 * random_page_cost of 4 assumes spinning disks). With the default, a one-day
 * list of a centre with 200,000 customers scanned every customer (74 ms)
 * instead of looking up the day's 1,400 (20 ms); see docs/performance.md.
 */
const SESSION_SETTINGS = { random_page_cost: '1.1' };

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob | File; logger?: Logger } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // pg_trgm: the search's typo tolerance; btree_gin: its trigram indexes lead with the centre (0021).
    extensions: { pg_trgm, btree_gin },
  });
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) await client.exec(`set ${name} = ${value}`);
  const db = drizzlePglite(client, { logger: options.logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** How long a call waits for a connection while the database is away before it answers 503. */
export const CONNECT_TIMEOUT_MS = 5000;

export function openPostgres(
  url: string,
  max = 10,
  onError: (err: Error) => void = (err) => console.error('database connection lost:', err.message),
  logger?: Logger,
): Database {
  const options = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options,
    // While PostgreSQL restarts, a call fails within seconds (503) instead of hanging.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose peer vanished without a word is noticed and replaced.
    keepAlive: true,
  });
  // An idle connection that PostgreSQL closes (restart, failover, terminate) emits 'error' on the
  // pool; without a listener Node ends the process. The pool drops that client and opens a new one
  // at the next call, so there is nothing to do but say so.
  pool.on('error', onError);
  // pg-pool takes that listener off a client while it is handed out: a connection ended between two
  // statements of a transaction (or while an export holds its cursor) would be an unhandled 'error'
  // event. The client's next query then fails (503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', onError));
  const db = drizzleNodePg(pool, { logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    raw: pool,
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

/** `logger`: only the fault suite's SQL pause (TEST_PAUSE_SQL) passes one. */
export async function openDatabase(
  config: { databaseUrl?: string; pgliteDir: string },
  logger?: Logger,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, undefined, undefined, logger)
    : openPglite({ dataDir: config.pgliteDir, logger });
}
