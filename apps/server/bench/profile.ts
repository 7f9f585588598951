import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppointmentValues, appointmentOf } from '@tz/shared/appointments/appointment-values';
import autocannon from 'autocannon';
import type { DbKind } from './bench-db';
import {
  type CpuProfile,
  type HeapProfile,
  profileMarkdown,
  summariseHeapProfile,
  summariseProfile,
} from './cpu-profile';
import { END_DAY, type SizeName, sizeOf } from './generate';
import { dayQuery, prepare, serverEnv, windowQuery } from './run';
import { startServer } from './server-process';

/**
 * `npm run bench:profile -w @tz/server -- [--db postgres] [--size large-centre] [--scale 0.1] [--reuse]
 *   [--op list-page|list-middle|list-day|count|session|csv-30d|export-monthly|custom] [--path /api/staff/{staffId}/…]
 *   [--body '{…}'] [--seconds 10] [--connections 4] [--heap] [--label x]`
 *
 * Where the server's CPU goes per call: the benchmark server (as bench/run.ts starts it) with the
 * V8 CPU profiler of `node --cpu-prof` (bench/profile-hook.mjs), started after a warm-up and
 * stopped after `--seconds` of autocannon load on one operation (`--heap`: the sampling heap
 * profiler instead, where the bytes are allocated). Writes the summary
 * (bench/cpu-profile.ts) to bench/results/<date>-profile-<op>[-label].md and the profile itself
 * (for a flame graph: Chrome DevTools or speedscope) to .bench-data/profiles/.
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

const OPS = [
  'list-page',
  'list-middle',
  'list-day',
  'count',
  'session',
  'csv-30d',
  'export-monthly',
  'custom',
] as const;
type Op = (typeof OPS)[number];

async function run(opts: {
  url: string;
  token: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  accept?: string;
  /** Public calls: each request from an address of its own (X-Forwarded-For), past the per-address limit. */
  varyAddress?: boolean;
  connections: number;
  seconds: number;
}) {
  let n = 0;
  let calls = 0;
  let errors = 0;
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.seconds,
        requests: [
          {
            method: opts.method,
            path: opts.path,
            headers: {
              authorization: `Bearer ${opts.token}`,
              'content-type': 'application/json',
              accept: opts.accept ?? 'application/json',
            },
            ...(opts.body ? { body: opts.body } : {}),
            ...(opts.varyAddress
              ? {
                  setupRequest: (r: autocannon.Request) => {
                    const i = n++;
                    return {
                      ...r,
                      headers: {
                        ...r.headers,
                        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
                      },
                    };
                  },
                }
              : {}),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  instance.on('response', (_c: unknown, status: number) => {
    calls++;
    if (status >= 300) errors++;
  });
  const result = await done;
  return { calls, errors: errors + result.errors + result.timeouts, perSecond: result.requests.average };
}

async function main(argv: string[]) {
  const kind = (arg(argv, 'db') ?? 'postgres') as DbKind;
  const sizeName = (arg(argv, 'size') ?? 'large-centre') as SizeName;
  const scale = Number(arg(argv, 'scale') ?? 0.1);
  const op = (arg(argv, 'op') ?? 'list-page') as Op;
  if (!OPS.includes(op)) throw new Error(`--op: eines von ${OPS.join(', ')}`);
  const seconds = Number(arg(argv, 'seconds') ?? 10);
  const connections = Number(arg(argv, 'connections') ?? 4);
  const label = arg(argv, 'label');
  const heap = argv.includes('--heap');
  const size = sizeOf(sizeName, scale);
  const { target, gen, platformToken } = await prepare(kind, size, { scale, reuse: argv.includes('--reuse') });

  const dir = path.resolve(benchDir, '../.bench-data/profiles');
  mkdirSync(dir, { recursive: true });
  const date = new Date().toISOString().replace(/:/g, '-').slice(0, 19);
  const name = `${date}-${heap ? 'heap' : 'profile'}-${op}${label ? `-${label}` : ''}`;
  const out = path.join(dir, `${name}.${heap ? 'heapprofile' : 'cpuprofile'}`);
  const env = serverEnv(kind, target);
  const server = await startServer({ ...env, BENCH_PROFILE_OUT: out, BENCH_PROFILE_KIND: heap ? 'heap' : 'cpu' }, [
    '--import',
    './bench/profile-hook.mjs',
  ]);
  try {
    const list = `/api/staff/${gen.staffId}/appointments`;
    const win = windowQuery();
    let request: { method: 'GET' | 'POST'; path: string; body?: unknown; accept?: string };
    // --op custom --path /api/staff/{staffId}/… [--body '{…}']: any call of the benchmark's centre.
    const customPath = arg(argv, 'path')?.replace('{staffId}', String(gen.staffId));
    const customBody = arg(argv, 'body');
    if (op === 'custom') {
      if (!customPath) throw new Error('--op custom braucht --path');
      request = customBody
        ? { method: 'POST', path: customPath, body: JSON.parse(customBody) }
        : { method: 'GET', path: customPath };
    } else if (op === 'session') request = { method: 'GET', path: '/api/auth/session' };
    else if (op === 'count') request = { method: 'POST', path: `${list}/count`, body: win };
    else if (op === 'list-day') request = { method: 'POST', path: list, body: dayQuery() };
    else if (op === 'list-page') request = { method: 'POST', path: list, body: { ...win, limit: 100 } };
    else if (op === 'csv-30d') request = { method: 'POST', path: list, body: win, accept: 'text/csv' };
    else {
      const res = await fetch(`${server.url}${list}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gen.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...win, limit: 2000 }),
      });
      const mid = appointmentOf(((await res.json()) as AppointmentValues[]).at(-1)!);
      request = { method: 'POST', path: list, body: { ...win, limit: 100, after: mid } };
    }
    // The monthly export is two calls: the admin's request, then the dispatch that writes the file.
    const exportMonthly = async (s: number) => {
      const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      const range = { from: `${addDays(END_DAY, -(size.days - 1))} 00:00:00`, to: `${END_DAY} 23:59:59` };
      const started = performance.now();
      let calls = 0;
      let errors = 0;
      do {
        await fetch(`${server.url}/api/staff/${gen.staffId}/exports`, {
          method: 'POST',
          headers: json(gen.token),
          body: JSON.stringify(range),
        });
        const res = await fetch(`${server.url}/api/platform/exports/dispatch`, {
          method: 'POST',
          headers: json(platformToken),
          body: '{}',
        });
        if (!res.ok) errors++;
        await res.arrayBuffer();
        calls++;
      } while (performance.now() - started < s * 1000);
      return { calls, errors, perSecond: calls / ((performance.now() - started) / 1000) };
    };
    const load = (s: number) =>
      op === 'export-monthly'
        ? exportMonthly(s)
        : run({
            url: server.url,
            token: gen.token,
            method: request.method,
            path: request.path,
            body: request.body ? JSON.stringify(request.body) : undefined,
            accept: request.accept,
            varyAddress: request.path.startsWith('/api/public/'),
            connections,
            seconds: s,
          });
    await load(op === 'export-monthly' ? 0 : 3); // warm-up: JIT, caches, connections
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 200));
    const measured = await load(seconds);
    process.kill(server.pid, 'SIGUSR2');
    for (let i = 0; !existsSync(out); i++) {
      if (i > 300) throw new Error('Profil nicht geschrieben');
      await new Promise((r) => setTimeout(r, 100));
    }
    const profile = JSON.parse(readFileSync(out, 'utf8'));
    const summary = heap ? summariseHeapProfile(profile as HeapProfile) : summariseProfile(profile as CpuProfile);
    const md = [
      `# ${heap ? 'Heap (allocation)' : 'CPU'} profile: ${op} (${kind}, ${sizeName} ×${scale}${label ? `, ${label}` : ''}) ${date}`,
      '',
      `${connections} connections, ${seconds} s: ${measured.calls} calls, ${Math.round(measured.perSecond)}/s, ${measured.errors} errors. Profile: .bench-data/profiles/${path.basename(out)}`,
      '',
      profileMarkdown(summary, { calls: measured.calls, unit: heap ? 'heap' : 'cpu' }),
    ].join('\n');
    const resultsDir = path.join(benchDir, 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, `${name}.md`), md);
    console.log(md);
    if (measured.errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(env.EXPORT_DIR!, { recursive: true, force: true });
    if (argv.includes('--no-keep')) rmSync(out, { force: true });
  }
}

await main(process.argv.slice(2));
