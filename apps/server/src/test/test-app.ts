import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import type { AppDeps } from '../app-deps';
import { type Config, testConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { ensureFunctionCatalogue } from '../db/default-functions';
import { ensureDefaultHosts } from '../db/default-hosts';
import { withDatabase } from './global-setup';

let counter = 0;

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  if (inject('dbKind') === 'postgres') {
    const url = inject('testDatabaseUrl');
    const name = `tz_t_${process.ppid}_${process.pid}_${++counter}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // The template must have no open connections; retry briefly if another file is copying it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('dbTemplate')}`);
        break;
      } catch (err) {
        if (attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await admin.end();
    const database = openPostgres(withDatabase(url, name), 5);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        // pool.end() resolves before every socket has closed; forcing the drop at once
        // would kill a closing connection and surface as an unhandled FATAL 57P01.
        for (let attempt = 0; ; attempt++) {
          try {
            await a.query(`drop database if exists ${name}${attempt >= 20 ? ' with (force)' : ''}`);
            break;
          } catch (err) {
            if (attempt >= 20) throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        await a.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('dbTemplate'))]);
  return openPglite({ loadDataDir: blob });
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

/** `options`: e.g. a stream that captures the JSON log (the log test). */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  await ensureDefaultHosts(database.db);
  await ensureFunctionCatalogue(database.db);
  const { app, deps } = await buildApp(testConfig(overrides), database, options);
  await app.ready();
  return {
    app,
    deps,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
