import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../server');
const dataRoot = path.resolve(here, '../../../.data-test');

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL (CI), each server gets a PostgreSQL database of its
 * own on that server: it starts in seconds where PGlite first runs initdb in
 * WebAssembly, and the browser tests then also cover the production database.
 * Without it, PGlite in the data directory, as `npm start` runs.
 */
async function ownDatabase(name: string) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const database = `e2e_${name}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

/** A port free right now: the server gets it up front, so its PUBLIC_URL (links in mails) is known. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real server on a free port with the demo platform, the test API
 * and its clock at `now`; resolves once it listens. `env` adds settings (e.g.
 * a local DEMIS stand-in).
 */
export async function startServer(name: string, now: string, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = path.join(dataRoot, `e2e-${name}-${process.pid}`);
  const database = await ownDatabase(name);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      DEMO: '1',
      TEST_API: '1',
      TEST_NOW: now,
      LOG_LEVEL: 'warn',
      // database, mails, exports and secrets: all under DATA_DIR by default
      DATA_DIR: dataDir,
      // Monthly exports wait for the admin's dispatch, so a test sees them pending first.
      EXPORT_POLL_SECONDS: '0',
      DATABASE_URL: database?.url ?? '',
      ...env,
    },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never leave a half-started server behind on a shared machine.
      child.kill('SIGTERM');
      void database?.drop().catch(() => {});
      reject(new Error(`Server startete nicht in 120 s:\n${output}`));
    }, 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /läuft: (http:\/\/localhost:\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server endete mit ${code}:\n${output}`));
    });
  });
  // Keep draining, so a chatty server never blocks on a full pipe; show warnings and errors.
  child.stdout!.removeAllListeners('data').resume();
  child.stderr!.removeAllListeners('data').on('data', (c: Buffer) => process.stderr.write(c));
  child.removeAllListeners('exit');
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
