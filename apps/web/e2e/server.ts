import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../server');
const dataRoot = path.resolve(here, '../../../.data-test');

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server on a free port with the demo platform, the test API
 * and its clock at `now`; resolves once it listens. `env` adds settings (e.g.
 * a local DEMIS stand-in).
 */
export async function startServer(name: string, now: string, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = path.join(dataRoot, `e2e-${name}-${process.pid}`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '1',
      TEST_API: '1',
      TEST_NOW: now,
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dataDir, 'pglite'),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      EXPORT_DIR: path.join(dataDir, 'exports'),
      // Monthly exports wait for the admin's dispatch, so a test sees them pending first.
      EXPORT_POLL_SECONDS: '0',
      DATABASE_URL: '',
      ...env,
    },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never leave a half-started server behind on a shared machine.
      child.kill('SIGTERM');
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
    },
  };
}
