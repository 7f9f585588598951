import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppointmentValues, appointmentOf } from '@tz/shared/appointments/appointment-values';
import type { DbKind } from './bench-db';
import { type SizeName, sizeOf } from './generate';
import { dayQuery, prepare, serverEnv } from './run';
import { memoryOf, startServer } from './server-process';
import { runStaffLoad, STAFF_ACTIONS, type StaffLoadResult } from './staff-load';

/**
 * `npm run bench:load -- [--db postgres|pglite] [--size large-centre] [--users 50] [--seconds 60]
 *   [--think 1000] [--sample 10] [--scale 1] [--reuse] [--label x]`
 *
 * Many staff at once on the benchmark's data (issue 16), the server a real
 * process on the same two cores as this load generator. A soak is the same
 * with `--seconds 600 --sample 60`. Results go to bench/results/…-load-….
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function markdown(kind: DbKind, size: string, r: StaffLoadResult, rss: { startMb: number; peakMb: number }) {
  const row = (name: string, f: StaffLoadResult['all']) =>
    `| ${name} | ${f.samples} | ${f.errors} | ${f.median_ms} | ${f.p95_ms} | ${f.throughput_per_s} |`;
  return [
    `# Staff load: ${r.users} staff, ${r.seconds} s, think time ${r.think_ms} ms (${kind}, ${size})`,
    '',
    `Server RSS ${rss.startMb} MB at the start, peak ${rss.peakMb} MB.${
      Object.keys(r.error_statuses).length ? ` Error statuses: ${JSON.stringify(r.error_statuses)}.` : ''
    }`,
    '',
    '| action | calls | errors | median ms | p95 ms | per s |',
    '| --- | --- | --- | --- | --- | --- |',
    row('all', r.all),
    ...STAFF_ACTIONS.map((a) => row(a, r.actions[a])),
    '',
    '| until s | RSS MB | calls | errors | median ms | p95 ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...r.timeline.map((p) => `| ${p.at_s} | ${p.rss_mb} | ${p.calls} | ${p.errors} | ${p.median_ms} | ${p.p95_ms} |`),
    '',
  ].join('\n');
}

async function main(argv: string[]) {
  const kind = (arg(argv, 'db') ?? 'postgres') as DbKind;
  const sizeName = (arg(argv, 'size') ?? 'large-centre') as SizeName;
  const scale = Number(arg(argv, 'scale') ?? 1);
  const size = sizeOf(sizeName, scale);
  const { target, gen } = await prepare(kind, size, { scale, reuse: argv.includes('--reuse') });
  const server = await startServer(serverEnv(kind, target));
  try {
    const headers = { authorization: `Bearer ${gen.token}`, 'content-type': 'application/json' };
    const day = dayQuery();
    const res = await fetch(`${server.url}/api/staff/${gen.staffId}/appointments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...day, limit: 100 }),
    });
    const rows = ((await res.json()) as AppointmentValues[]).map(appointmentOf);
    const searches = [...new Set(rows.slice(0, 20).map((r) => r.customer_lastname))];
    if (searches.length === 0) throw new Error('Die Tagesliste ist leer: nichts zu suchen.');
    const startMb = Math.round(memoryOf(server.pid).rssKb / 1024);
    const users = Number(arg(argv, 'users') ?? 50);
    const seconds = Number(arg(argv, 'seconds') ?? 60);
    const thinkMs = Number(arg(argv, 'think') ?? 1000);
    console.log(`» ${users} Mitarbeitende, ${seconds} s, Denkzeit ${thinkMs} ms (${kind}, ${sizeName})`);
    const result = await runStaffLoad({
      url: server.url,
      pid: server.pid,
      staffId: gen.staffId,
      token: gen.token,
      writes: gen.writeIds,
      day,
      searches,
      users,
      seconds,
      warmupSeconds: Number(arg(argv, 'warmup') ?? 5),
      thinkMs,
      sampleSeconds: Number(arg(argv, 'sample') ?? 10),
    });
    const peakMb = Math.round(memoryOf(server.pid).hwmKb / 1024);
    const md = markdown(kind, `${sizeName} ×${scale}`, result, { startMb, peakMb });
    const date = new Date().toISOString().replace(/:/g, '-').slice(0, 19);
    const label = arg(argv, 'label');
    const dir = path.join(benchDir, 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(
      dir,
      `${date}-load-${kind}-x${scale}-${users}staff-${seconds}s-think${thinkMs}${label ? `-${label}` : ''}`,
    );
    writeFileSync(
      `${file}.json`,
      JSON.stringify({ date, kind, size: sizeName, scale, node: process.version, startMb, peakMb, ...result }, null, 2),
    );
    writeFileSync(`${file}.md`, md);
    console.log(`\n${md}\nErgebnis: ${file}.json / .md`);
  } finally {
    await server.stop();
  }
}

await main(process.argv.slice(2));
