import type { AppDeps } from '../app-deps';
import { processOutbox } from '../features/mail/mail-outbox';

type Worker = { name: string; intervalMs: number; run: (deps: AppDeps) => Promise<void> };

/** Background jobs of this process. Areas add theirs (mail outbox, export queue). */
export const WORKERS: Worker[] = [
  {
    name: 'mail',
    intervalMs: 2000,
    run: async (deps) => {
      await processOutbox(deps);
    },
  },
];

/** Starts every worker on its interval; returns a function that stops them and waits. */
export function startWorkers(deps: AppDeps): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const w of WORKERS) {
    const tick = () => {
      if (stopped) return;
      const p = w
        .run(deps)
        .catch((err) => {
          if (deps.config.logLevel !== 'silent') console.error(`worker ${w.name} failed`, err);
        })
        .finally(() => running.delete(p));
      running.add(p);
    };
    timers.push(setInterval(tick, w.intervalMs));
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.all(running);
  };
}
