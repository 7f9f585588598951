import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQL_PAUSE_MARKER } from './sql-pause';

/** apps/server: where `node --import tsx src/main.ts` runs, as in bench/server-process.ts. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resolves when the process froze at TEST_PAUSE_SQL (it said so on stderr). */
  paused: Promise<void>;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Still running? */
  alive(): boolean;
  /** The exit code once it ended (null while running or when a signal ended it). */
  exitCode(): number | null;
  /** kill -9 and wait for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful shutdown) and wait for the exit. */
  stop(): Promise<void>;
}

/**
 * The real server (src/main.ts) as a child process in test mode (TEST_API, a
 * pinned clock), so the fault suites can kill it, restart it on the same data
 * and run two of them side by side. Resolves once /api/ready answered 200 (migrated, taking calls).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WORKER: '0',
      DEMO: '0',
      TEST_API: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  let onPaused: () => void = () => {};
  const paused = new Promise<void>((resolve) => {
    onPaused = resolve;
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    err += chunk;
    if (err.includes(SQL_PAUSE_MARKER)) onPaused();
  });
  // A test run that ends early (failure, Ctrl+C) must not leave a server running on a temp folder.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Server beendet (${child.exitCode ?? child.signalCode}):\n${err}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet (migrations may still run)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server startet nicht:\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    pid: child.pid!,
    paused,
    stderr: () => err,
    alive,
    exitCode: () => child.exitCode,
    kill9: async () => {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (alive()) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A small JSON client for one server process, logged in or not. */
export function client(base: string, token?: string) {
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Buffer keeps a leading BOM (fetch's text() drops it): exports are checked byte for byte.
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    // biome-ignore lint/suspicious/noExplicitAny: a test client; the assertions check each answer's shape
    return { status: res.status, json: json as any, text };
  };
  return call;
}

export async function loginTo(base: string, email: string, password: string): Promise<string> {
  const res = await client(base)('POST', '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`Anmeldung ${email}: ${res.status} ${res.text}`);
  return res.json.token as string;
}
