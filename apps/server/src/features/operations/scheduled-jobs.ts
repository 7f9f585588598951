import { mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPERATIONS_MSG } from '@tz/shared/messages';
import { wallClockOf } from '@tz/shared/rules/time-zone';
import type { Logger } from 'pino';
import { now, nowMs } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { isDatabaseUnavailable } from '../../http/database-errors';
import type { WorkerDeps } from '../../jobs/workers';
import { writeBackup } from '../lifecycle/backup';
import { runRetention } from '../lifecycle/retention';
import type { Metrics } from './metrics';
import { parseSchedule } from './schedule';
import * as repo from './scheduled-runs.repository';

/**
 * Backups and the retention job on a schedule, inside the worker (the server's WORKER or npm run worker),
 * exactly once per slot across every instance: each computes the slot from the schedule and tries to
 * insert its row; the unique (job, slot_at) lets one succeed (scheduled-runs.repository.ts).
 */
export type JobName = 'backup' | 'retention';

export interface SchedulerDeps extends WorkerDeps {
  metrics?: Metrics;
  log?: Pick<Logger, 'info' | 'error'>;
}

interface JobDefinition {
  name: JobName;
  schedule(config: Config): string | undefined;
  run(deps: WorkerDeps, slotAt: Date): Promise<Record<string, unknown>>;
}

/** Scheduled backups are named apart from `npm run backup`'s, so keeping N never deletes a manual one. */
export const SCHEDULED_BACKUP = /^tz-scheduled-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz$/;

export const scheduledBackupName = (slotAt: Date) =>
  `tz-scheduled-backup-${slotAt.toISOString().slice(0, 19).replace(/:/g, '-')}Z.jsonl.gz`;

/** The scheduled backups in the folder, newest first (their names sort by time). */
export function scheduledBackups(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => SCHEDULED_BACKUP.test(f))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

export const JOBS: JobDefinition[] = [
  {
    name: 'backup',
    schedule: (config) => config.operations.backupSchedule,
    run: async (deps, slotAt) => {
      const dir = deps.config.backupDir;
      mkdirSync(dir, { recursive: true });
      const file = scheduledBackupName(slotAt);
      const written = await writeBackup(deps.db, path.join(dir, file), now());
      const bytes = statSync(path.join(dir, file)).size;
      // Keep the newest N; the one just written is among them.
      const all = scheduledBackups(dir);
      const removed = all.slice(deps.config.operations.backupKeep);
      for (const old of removed) unlinkSync(path.join(dir, old));
      return {
        file,
        bytes,
        tables: written.tables,
        rows: written.rows,
        kept: all.length - removed.length,
        removed: removed.length,
      };
    },
  },
  {
    name: 'retention',
    schedule: (config) => config.operations.retentionSchedule,
    run: async (deps) => {
      const report = await runRetention(deps.db, {
        until: deps.config.retentionUntil,
        today: wallClockOf(now(), 'Europe/Berlin').date,
        dryRun: false,
      });
      return { ...report };
    },
  },
];

export const instanceName = () => `${os.hostname()}:${process.pid}`;

/**
 * Runs one slot of a job if no instance has taken it yet. Never throws: a failure is the run's outcome.
 * 'taken': another instance (or an earlier call) has the slot.
 */
export async function runSlot(
  deps: SchedulerDeps,
  job: JobDefinition,
  slotAt: Date,
): Promise<'success' | 'failure' | 'taken'> {
  const id = await repo.claimSlot(deps.db, job.name, slotAt, instanceName());
  if (id === undefined) return 'taken';
  try {
    const detail = await job.run(deps, slotAt);
    await repo.finishRun(deps.db, id, { outcome: 'success', detail });
    deps.metrics?.scheduledRuns.inc({ job: job.name, outcome: 'success' });
    deps.log?.info({ job: job.name, slot: slotAt.toISOString(), detail }, 'scheduled job done');
    return 'success';
  } catch (err) {
    deps.metrics?.scheduledRuns.inc({ job: job.name, outcome: 'failure' });
    deps.log?.error({ err, job: job.name, slot: slotAt.toISOString() }, 'scheduled job failed');
    await repo.finishRun(deps.db, id, { outcome: 'failure', error: failureReason(err) }).catch(() => {
      // The database is away: the row stays 'running'; the metrics' last success ages and alerts.
    });
    return 'failure';
  }
}

/** Why a run failed, in words the platform admin reads on the screen. */
export function failureReason(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (isDatabaseUnavailable(err)) return OPERATIONS_MSG.databaseUnavailable;
  const code = (err as { code?: unknown })?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return OPERATIONS_MSG.diskFull;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return OPERATIONS_MSG.notWritable;
  if (code === 'ENOENT' || code === 'ENOTDIR') return OPERATIONS_MSG.folderMissing;
  return OPERATIONS_MSG.unexpected;
}

/** setTimeout's longest delay; a later slot is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Arms a timer per configured job for its next slot (by the server's clock); returns a function that
 * disarms them and waits for a run under way. A slot missed while no instance ran is not caught up:
 * the next one comes on schedule (the metrics' last success shows the gap).
 */
export function startScheduler(deps: SchedulerDeps): () => Promise<void> {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of JOBS) {
    const expression = job.schedule(deps.config);
    if (!expression) continue;
    const schedule = parseSchedule(expression);
    const arm = (after: Date) => {
      if (stopped) return;
      const slot = schedule.nextAfter(after);
      if (!slot) return;
      const wait = () => {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            if (stopped) return;
            if (nowMs() < slot.getTime()) return wait();
            const p = runSlot(deps, job, slot)
              .catch((err) => deps.log?.error({ err, job: job.name }, 'scheduled job could not start'))
              .finally(() => {
                running.delete(p);
                arm(slot);
              });
            running.add(p);
          },
          Math.min(Math.max(slot.getTime() - nowMs(), 0), MAX_DELAY_MS),
        );
        timers.add(timer);
      };
      wait();
    };
    arm(now());
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
    await Promise.all(running);
  };
}
