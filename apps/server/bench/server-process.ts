import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** kB from /proc/<pid>/status: VmRSS now, VmHWM the peak so far. */
export function memoryOf(pid: number): { rssKb: number; hwmKb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
  } catch {
    return { rssKb: 0, hwmKb: 0 };
  }
}

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real server (src/main.ts) as a child process, so its memory is its own.
 * `nodeArgs` go before the script (e.g. `--cpu-prof`, bench/profile.ts).
 */
export async function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WORKER: '0',
      DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet (migrations may still run)
    }
    if (Date.now() > deadline) throw new Error('Server startet nicht');
    await new Promise((r) => setTimeout(r, 200));
  }
  return handleOf(child, url, exited);
}

function handleOf(child: ChildProcess, url: string, exited: Promise<unknown>): ServerProcess {
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const ANSWER_ONLY_PATH = '/answer-only';

/**
 * bench/minimal-server.ts on `databaseUrl`, answering every call with `query`; at `answerOnlyUrl`
 * with the statement's last answer, without the database (the HTTP round trip alone).
 */
export async function startMinimalServer(
  databaseUrl: string,
  query: { sql: string; params: unknown[]; name: string },
): Promise<ServerProcess & { answerOnlyUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/minimal-server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      BENCH_QUERY: JSON.stringify(query),
      ANSWER_ONLY_PATH,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (line) => resolve(Number(String(line).trim())));
    child.once('exit', (code) => reject(new Error(`Minimal-Server beendet mit Code ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return { ...handleOf(child, url, exited), answerOnlyUrl: url + ANSWER_ONLY_PATH };
}
