import type { ScheduledJobStatus, ScheduledRun } from '@tz/shared/operations/operations.contract';
import type { AppDeps } from '../../app-deps';
import { now } from '../../clock';
import type { scheduledRuns } from '../../db/schema/operations';
import { parseSchedule } from './schedule';
import { JOBS, scheduledBackups } from './scheduled-jobs';
import { latestRuns } from './scheduled-runs.repository';

/** The platform admin's panel on "Export Admin": per job its schedule's next slot and how the last runs went. */
export async function scheduledJobs(deps: AppDeps): Promise<{ jobs: ScheduledJobStatus[] }> {
  const jobs: ScheduledJobStatus[] = [];
  for (const job of JOBS) {
    const expression = job.schedule(deps.config);
    const { last, lastSuccess } = await latestRuns(deps.db, job.name);
    const isBackup = job.name === 'backup';
    jobs.push({
      job: job.name,
      scheduled: expression !== undefined,
      next_run_at: expression ? (parseSchedule(expression).nextAfter(now())?.toISOString() ?? null) : null,
      last: last ? runOf(last) : null,
      last_success: lastSuccess ? runOf(lastSuccess) : null,
      kept_backups: isBackup ? scheduledBackups(deps.config.backupDir).length : null,
      keep: isBackup ? deps.config.operations.backupKeep : null,
    });
  }
  return { jobs };
}

type Row = typeof scheduledRuns.$inferSelect;

function runOf(row: Row): ScheduledRun {
  const d = (row.detail ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    slot_at: row.slot_at.toISOString(),
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    outcome: row.outcome as ScheduledRun['outcome'],
    error: row.error,
    bytes: num(d.bytes),
    tables: num(d.tables),
    rows: num(d.rows),
    retention_due: typeof d.due === 'boolean' ? d.due : null,
    retention_until: typeof d.until === 'string' ? d.until : null,
    // Before the retention time ends the report counts what would go then; nothing went.
    customers: d.due === false ? 0 : num(d.customers),
  };
}
