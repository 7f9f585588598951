import type { AppDeps } from '../app-deps';
import type { Config } from '../config';
import { exportWorkerTick } from '../features/exports/export-worker';
import { processOutbox } from '../features/mail/mail-outbox';
import { type SchedulerDeps, startScheduler } from '../features/operations/scheduled-jobs';

/** What a background worker gets: the database and the configuration (the server's or `npm run worker`'s). */
export type WorkerDeps = Pick<AppDeps, 'db' | 'config' | 'database'>;

type Worker = {
  name: string;
  /** How often it runs; 0: not on a timer in this process. */
  intervalMs: (config: Config) => number;
  /** The signal aborts when the workers stop: long work gives its job back instead of holding up the shutdown. */
  run: (deps: WorkerDeps, signal: AbortSignal) => Promise<void>;
};

/** Background jobs of this process. Areas add theirs (mail outbox, export queue). */
export const WORKERS: Worker[] = [
  {
    name: 'mail',
    intervalMs: () => 2000,
    run: async (deps) => {
      await processOutbox(deps);
    },
  },
  {
    name: 'exports',
    intervalMs: (config) => config.exportPollSeconds * 1000,
    run: (deps, signal) => exportWorkerTick(deps, signal),
  },
];

/**
 * Starts every worker on its interval and the scheduled jobs (backups, retention); returns a function that
 * stops them all and waits for the work under way (an export gives its job back).
 */
export function startWorkers(deps: SchedulerDeps): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  for (const w of WORKERS) {
    const intervalMs = w.intervalMs(deps.config);
    if (intervalMs <= 0) continue;
    const tick = () => {
      if (stopping.signal.aborted) return;
      const p = w
        .run(deps, stopping.signal)
        .catch((err) => {
          if (deps.log) deps.log.error({ err, worker: w.name }, 'worker failed');
          else if (deps.config.logLevel !== 'silent') console.error(`worker ${w.name} failed`, err);
        })
        .finally(() => running.delete(p));
      running.add(p);
    };
    timers.push(setInterval(tick, intervalMs));
  }
  const stopScheduler = startScheduler(deps);
  return async () => {
    stopping.abort();
    for (const t of timers) clearInterval(t);
    await Promise.all([...running, stopScheduler()]);
  };
}

/** Every worker once, one after the other (`npm run worker -- --once`, e.g. from cron at night). */
export async function runWorkersOnce(deps: WorkerDeps, signal: AbortSignal) {
  for (const w of WORKERS) await w.run(deps, signal);
}
