import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import type { AppDeps } from '../../app-deps';
import { now, nowMs } from '../../clock';
import type { Database } from '../../db/client';
import { cellContext, monthlyChunks } from './export-content';
import { bucketNameOf, centreDir, writeFileAtomically } from './export-files';
import * as repo from './exports.repository';

/**
 * What the export worker needs: the database (its kind decides how the rows
 * are read) and the configuration — the server's deps or `npm run worker`'s.
 */
export type ExportWorkerDeps = Pick<AppDeps, 'db' | 'config'> & { database?: Pick<Database, 'kind' | 'raw'> };

/** How long a claim holds without renewal: a worker that died frees its entry after this. */
export const LEASE_MS = 2 * 60_000;
/** The claim is renewed this often while the file is written. */
const RENEW_EVERY_MS = LEASE_MS / 4;
/** Attempts before an entry is given up (failed); the admin's dispatch tries again. */
export const MAX_ATTEMPTS = 5;
/** 1 min, 2 min, 4 min … after a failed attempt. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/**
 * Rows per database round trip (cursor fetch or keyset page) while a monthly
 * file is written. 1,000 rows are ≈ 250 kB of file: as fast as 5,000 (the
 * cursor's fetches are cheap) and the server stayed flatter (+10 MB against
 * +30–40 MB per export of 85,000 rows; bench, docs/performance.md).
 */
export const WORKER_BATCH = 1000;

export interface ExportHooks {
  /**
   * Called after each chunk of the file is written, with the rows so far: the
   * fault-injection tests stop or kill the process here, in the middle of an export.
   */
  afterChunk?: (progress: { entryId: number; rows: number }) => void | Promise<void>;
}

export interface ExportRunOptions {
  /** Stops the work between chunks (shutdown); the entry is given back at once. */
  signal?: AbortSignal;
  hooks?: ExportHooks;
  /** Rows per page; tests make it small to see many pages. */
  batch?: number;
}

export type ExportOutcome =
  | { id: number; status: 'done'; rows: number; bytes: number; bucket_filename: string }
  /** Failed and given back: due again after the backoff, or given up after MAX_ATTEMPTS ('failed'). */
  | { id: number; status: 'retry' | 'failed'; error: string }
  /** Stopped by the signal; due again at once. */
  | { id: number; status: 'stopped' }
  /** The claim ran out and another worker took the entry: this worker's file is thrown away. */
  | { id: number; status: 'lost' };

// One export at a time per database handle (process): memory stays that of one file.
const chains = new WeakMap<object, Promise<unknown>>();
function oneAtATime<T>(key: object, fn: () => Promise<T>): Promise<T> {
  const run = (chains.get(key) ?? Promise.resolve()).then(fn);
  chains.set(
    key,
    run.catch(() => {}),
  );
  return run;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Claims the oldest due export of any centre and produces its file: the
 * single-entry step of the worker, callable on its own (tests, fault
 * injection). Null when nothing is due.
 */
export function processNextExport(deps: ExportWorkerDeps, opts: ExportRunOptions = {}): Promise<ExportOutcome | null> {
  return oneAtATime(deps.db, async () => {
    if (opts.signal?.aborted) return null;
    const token = randomUUID();
    const entry = await repo.claimNext(deps.db, token, now(), LEASE_MS);
    if (!entry) return null;
    return produce(deps, entry, token, opts);
  });
}

async function produce(
  deps: ExportWorkerDeps,
  entry: repo.ClaimedEntry,
  token: string,
  opts: ExportRunOptions,
): Promise<ExportOutcome> {
  const { db, config } = deps;
  const lost = new AbortController();
  const renewal = setInterval(() => {
    repo
      .renewClaim(db, entry.id, token, new Date(nowMs() + LEASE_MS))
      .then((held) => {
        if (!held) lost.abort(new Error('claim lost'));
      })
      .catch(() => {}); // a database hiccup: the next renewal tries again, the lease has room for it
  }, RENEW_EVERY_MS);
  const stop = AbortSignal.any([lost.signal, ...(opts.signal ? [opts.signal] : [])]);
  const dir = centreDir(config, entry.staff_id);
  const name = bucketNameOf(entry.id, token);
  let rows = 0;
  try {
    const centre = await repo.findCentre(db, entry.staff_id);
    if (!centre) throw new Error(`centre ${entry.staff_id} not found`);
    const ctx = await cellContext(db, centre.time_zone);
    const q = {
      staffId: entry.staff_id,
      from: entry.export_from,
      // export_to is the start of the last second of the range: all of it counts
      till: new Date(entry.export_to.getTime() + 1000),
      zone: centre.time_zone,
    };
    const count = (n: number) => {
      rows += n;
    };
    const batch = opts.batch ?? WORKER_BATCH;
    // A vaccination centre's monthly export lists its vaccinations; every other centre's its tests with a result.
    const chunks = monthlyChunks(deps, q, centre.type === VACCINATION_CENTRE_TYPE, ctx, batch, count);
    const bytes = await writeFileAtomically(dir, name, chunks, stop, () =>
      opts.hooks?.afterChunk?.({ entryId: entry.id, rows }),
    );
    const completed = await repo.completeEntry(db, entry.id, token, {
      bucket_filename: name,
      rows,
      bytes,
      finished_at: now(),
    });
    if (!completed) {
      await rm(path.join(dir, name), { force: true });
      return { id: entry.id, status: 'lost' };
    }
    await removeLeftovers(dir, entry.id, name);
    return { id: entry.id, status: 'done', rows, bytes, bucket_filename: name };
  } catch (err) {
    if (lost.signal.aborted) return { id: entry.id, status: 'lost' };
    if (opts.signal?.aborted) {
      await repo.releaseClaim(db, entry.id, token, { error: null, retryAt: now(), giveUp: false });
      return { id: entry.id, status: 'stopped' };
    }
    const giveUp = entry.attempts >= MAX_ATTEMPTS;
    const error = messageOf(err);
    await repo.releaseClaim(db, entry.id, token, {
      error,
      retryAt: new Date(nowMs() + retryDelayMs(entry.attempts)),
      giveUp,
    });
    return { id: entry.id, status: giveUp ? 'failed' : 'retry', error };
  } finally {
    clearInterval(renewal);
  }
}

/** Part files of earlier attempts at the entry (a worker killed while writing) go once it is done. */
async function removeLeftovers(dir: string, entryId: number, keep: string) {
  const prefix = bucketNameOf(entryId, '').replace(/\.csv$/, '');
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(prefix) && n !== keep).map((n) => rm(path.join(dir, n), { force: true })),
  );
}

/**
 * Produces due exports one after the other until none is due, the signal
 * stops it, or `budgetMs` of wall time is used up (then the rest waits for the
 * next run). Answers how many were produced and how many failed.
 */
export async function processExportQueue(
  deps: ExportWorkerDeps,
  opts: ExportRunOptions & { budgetMs?: number } = {},
): Promise<{ produced: number; failed: number }> {
  const started = performance.now();
  let produced = 0;
  let failed = 0;
  for (;;) {
    if (opts.signal?.aborted) break;
    if (opts.budgetMs !== undefined && performance.now() - started > opts.budgetMs) break;
    const outcome = await processNextExport(deps, opts);
    if (!outcome) break;
    if (outcome.status === 'done') produced++;
    else if (outcome.status === 'retry' || outcome.status === 'failed') failed++;
    else if (outcome.status === 'stopped') break;
  }
  return { produced, failed };
}

// The background run of this process: a tick while a run is still going adds nothing.
const runningQueues = new WeakSet<object>();

/** The worker's tick (jobs/workers.ts): the whole due queue, unless this process is already at it. */
export async function exportWorkerTick(deps: ExportWorkerDeps, signal?: AbortSignal) {
  if (runningQueues.has(deps.db)) return;
  runningQueues.add(deps.db);
  try {
    await processExportQueue(deps, { signal });
  } finally {
    runningQueues.delete(deps.db);
  }
}
