import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';

/**
 * A database of its own for server processes started by a fault test, plus a
 * temp folder for their files: on PGlite a data directory loaded from the
 * migrated template, on PostgreSQL a database copied from the template.
 * `open()` gives the test its own handle (PGlite: only while no server runs
 * on the directory — it is one process's database).
 */
export interface FaultDatabase {
  kind: 'pglite' | 'postgres';
  /** PGLITE_DIR or DATABASE_URL, and the server's other folders and its secrets file. */
  env: Record<string, string>;
  dir: string;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

export async function createFaultDatabase(): Promise<FaultDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tz-fault-'));
  const files = {
    OUTBOX_DIR: path.join(dir, 'outbox'),
    EXPORT_DIR: path.join(dir, 'exports'),
    SECRETS_FILE: path.join(dir, 'secrets.json'),
  };
  if (inject('dbKind') === 'postgres') {
    // Kept open until remove(): closing it drops the database.
    const holder = await openTestDatabase();
    const url = (holder.raw as pg.Pool).options.connectionString!;
    return {
      kind: 'postgres',
      env: { ...files, DATABASE_URL: url },
      dir,
      open: async () => openPostgres(url, 3, () => {}),
      remove: async () => {
        await holder.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const dataDir = path.join(dir, 'pglite');
  const loaded = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('dbTemplate'))]) });
  await loaded.close();
  return {
    kind: 'pglite',
    env: { ...files, PGLITE_DIR: dataDir },
    dir,
    open: () => openPglite({ dataDir }),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
