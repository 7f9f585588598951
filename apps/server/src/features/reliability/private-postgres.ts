import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

/**
 * A PostgreSQL cluster of the test's own (Debian's binaries, a temp folder, a
 * free port, trust auth), so a test can stop and start "the database" without
 * touching the shared server other tests and engineers use. PostgreSQL refuses
 * to run as root: as root the cluster runs as the `postgres` user.
 */
export interface PrivatePostgres {
  url(database: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/** The newest Debian PostgreSQL bin folder with initdb and pg_ctl, or a reason why there is none. */
export function postgresBinaries(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) return { missing: `keine PostgreSQL-Programme unter ${root}/*/bin (apt-get install postgresql)` };
  if (process.getuid?.() === 0 && !userId('postgres')) return { missing: 'als root ohne Benutzer postgres' };
  return { bin: path.join(root, versions[0], 'bin') };
}

function userId(name: string): number | undefined {
  try {
    return Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tz-private-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, userId('postgres')!, Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // fsync off: only clean stops (-m fast) happen here, and the machine is shared.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  };
  await start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const remove = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends early must not leave the cluster running.
  process.once('exit', remove);
  return {
    url,
    start,
    stop: async () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    remove: async () => {
      process.off('exit', remove);
      remove();
    },
  };
}

export async function createDatabaseIn(cluster: PrivatePostgres, name: string) {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return cluster.url(name);
}
