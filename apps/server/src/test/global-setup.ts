import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** PGlite: path of a migrated data-dir dump. PostgreSQL: template database name. */
    dbTemplate: string;
    testDatabaseUrl: string;
    /** The moment every test file's server clock starts at (TEST_NOW, or a fixed Tuesday morning). */
    testNow: string;
  }
}

/** The same moment as the end-to-end tests' default (apps/web/e2e/fixtures.ts). */
const DEFAULT_TEST_NOW = '2026-06-16T10:20:00+02:00';

/**
 * Migrates one template per run; each test file then starts from a copy of it
 * (PGlite: loadDataDir of the dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  project.provide('testNow', process.env.TEST_NOW ?? DEFAULT_TEST_NOW);
  const url = process.env.TEST_DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    const name = `tz_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = openPostgres(withDatabase(url, name), 2);
    await database.migrate();
    await database.close();
    project.provide('dbKind', 'postgres');
    project.provide('dbTemplate', name);
    project.provide('testDatabaseUrl', url);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `tz_t_${process.pid}_%`,
      ]);
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'tz-pglite-'));
  const database = await openPglite();
  await database.migrate();
  const dump = await (database.raw as import('@electric-sql/pglite').PGlite).dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbKind', 'pglite');
  project.provide('dbTemplate', file);
  project.provide('testDatabaseUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
