import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { signSessionToken } from '../src/auth/tokens';
import type { BenchDb } from './bench-db';
import { END_DAY } from './generate';
import { type Figures, summarise, timeCalls } from './measure';
import { memoryOf } from './server-process';

/**
 * The exports area's operations (issue 18): the immediate export of the last
 * day, the monthly export of the whole generated range produced by the
 * worker (through the admin's dispatch, which runs the worker's step in the
 * server process) with the server's memory sampled, and the billing overview.
 */

/** A platform administrator with an open session (the dispatch is theirs), created once per data set. */
export async function ensurePlatformToken(db: BenchDb, jwtSecret: string): Promise<string> {
  const found = await db.query<{ id: number }>(`select id from users where email = 'bench-platform@example.org'`);
  const userId =
    found.rows[0]?.id ??
    (
      await db.query<{ id: number }>(
        `insert into users (staff_id, name, email, password_hash, role_id)
         values ((select min(id) from centres), 'Bench Plattform', 'bench-platform@example.org', 'x', 10) returning id`,
      )
    ).rows[0]!.id;
  const expires = new Date(Date.now() + 24 * 3600_000);
  const session = await db.query<{ id: string }>(
    `insert into sessions (user_id, staff_id, expires_at) values ($1, (select staff_id from users where id = $1), $2) returning id`,
    [Number(userId), expires.toISOString()],
  );
  return signSessionToken(jwtSecret, { sid: session.rows[0]!.id, uid: Number(userId) }, expires);
}

export interface ExportBenchContext {
  url: string;
  pid: number;
  staffId: number;
  token: string;
  platformToken: string;
  /** Days of generated data up to END_DAY. */
  days: number;
  iterations: number;
  exportDir: string;
  record: (operation: string, f: Figures, extra?: Record<string, number | undefined>) => void;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function runExportBench(c: ExportBenchContext) {
  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const base = `${c.url}/api/staff/${c.staffId}/exports`;

  // The immediate export of END_DAY (summer time in Berlin): every appointment of the day, streamed to the end.
  const start = Date.parse(`${END_DAY}T00:00:00+02:00`) / 1000;
  let rows = 0;
  let bytes = 0;
  const day = await timeCalls(
    async () => {
      const res = await fetch(`${base}/daily`, {
        method: 'POST',
        headers: json(c.token),
        body: JSON.stringify({ interval: { start, end: start + 86_399 }, type: 'all' }),
      });
      const text = await res.text();
      bytes = Buffer.byteLength(text);
      rows = text.split('\r\n').filter(Boolean).length - 1;
      return res.ok;
    },
    { warmup: 3, iterations: Math.max(5, Math.round(c.iterations / 5)) },
  );
  c.record('export: immediate, one day (all)', day, { rows, bytes });

  // The monthly export over every generated day, produced by the worker's step through the dispatch.
  const range = { from: `${addDays(END_DAY, -(c.days - 1))} 00:00:00`, to: `${END_DAY} 23:59:59` };
  const samples: number[] = [];
  let errors = 0;
  let before = 0;
  let peak = 0;
  let fileRows = 0;
  let fileBytes = 0;
  for (let i = 0; i < 2; i++) {
    const requested = await fetch(base, { method: 'POST', headers: json(c.token), body: JSON.stringify(range) });
    if (!requested.ok) throw new Error(`Monatsexport nicht angefordert: ${await requested.text()}`);
    before = memoryOf(c.pid).rssKb;
    peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, memoryOf(c.pid).rssKb);
    }, 20);
    const t = performance.now();
    const res = await fetch(`${c.url}/api/platform/exports/dispatch`, {
      method: 'POST',
      headers: json(c.platformToken),
      body: '{}',
    });
    samples.push(performance.now() - t);
    clearInterval(timer);
    const answer = (await res.json()) as { dispatched?: number };
    if (!res.ok || answer.dispatched !== 1) errors++;
    const { items: list } = (await (await fetch(base, { headers: json(c.token) })).json()) as {
      items: { rows: number | null }[];
    };
    fileRows = list[0]?.rows ?? 0;
    // The files are large (scale 1: ~250 MB): measure one, then remove them.
    const dir = path.join(c.exportDir, String(c.staffId));
    for (const f of existsSync(dir) ? readdirSync(dir) : []) {
      fileBytes = statSync(path.join(dir, f)).size;
      rmSync(path.join(dir, f));
    }
  }
  c.record('export: monthly, whole range, by the worker', summarise(samples, errors, 0), {
    rows: fileRows,
    bytes: fileBytes,
    rss_before_kb: before,
    rss_peak_during_kb: peak,
  });

  // The billing overview of the last twelve months.
  const to = END_DAY.slice(0, 7);
  const from = addDays(`${to}-15`, -334).slice(0, 7);
  c.record(
    'billing overview: 12 months',
    await timeCalls(async () => (await fetch(`${base}/billing?from=${from}&to=${to}`, { headers: json(c.token) })).ok, {
      warmup: 2,
      iterations: Math.max(5, Math.round(c.iterations / 10)),
    }),
  );
}

export const benchExportDir = (dataRoot: string, kind: string) =>
  path.join(dataRoot, `exports-${kind}-${randomUUID().slice(0, 8)}`);
