import { OPERATIONS_MSG } from '@tz/shared/messages';
import type { ScheduledJobStatus, ScheduledRun } from '@tz/shared/operations/operations.contract';
import { germanDate } from '@tz/shared/rules/german-date';
import { formatDateTime } from '../../ui/format';

/** One row of the "Sicherungen und Aufbewahrungsfrist" panel, in words (no job keys, no codes). */
export interface ScheduledJobRow {
  title: string;
  next: string;
  last: string;
  detail: string;
  failed: boolean;
}

const bytesText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`
    : `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`;
const count = (n: number) => new Intl.NumberFormat('de-DE').format(n);

function outcomeWord(run: ScheduledRun) {
  if (run.outcome === 'running') return OPERATIONS_MSG.running;
  return run.outcome === 'success' ? OPERATIONS_MSG.success : OPERATIONS_MSG.failure;
}

function successDetail(status: ScheduledJobStatus, run: ScheduledRun): string {
  if (status.job === 'backup') {
    const size = run.bytes === null ? '' : `${bytesText(run.bytes)}, `;
    const rows = `${count(run.rows ?? 0)} Zeilen aus ${count(run.tables ?? 0)} Tabellen`;
    const kept =
      status.kept_backups === null
        ? ''
        : `; ${count(status.kept_backups)} Sicherungen aufbewahrt (höchstens ${status.keep})`;
    return `${size}${rows}${kept}`;
  }
  if (run.retention_due === false && run.retention_until)
    return `Die Frist läuft bis ${germanDate(run.retention_until)}: nichts entfernt.`;
  return `${count(run.customers ?? 0)} Kunden anonymisiert.`;
}

export function scheduledJobRow(status: ScheduledJobStatus, timeZone?: string): ScheduledJobRow {
  const title = status.job === 'backup' ? OPERATIONS_MSG.jobBackup : OPERATIONS_MSG.jobRetention;
  const next =
    status.scheduled && status.next_run_at ? formatDateTime(status.next_run_at, timeZone) : OPERATIONS_MSG.notScheduled;
  const run = status.last;
  if (!run) return { title, next, last: OPERATIONS_MSG.neverRan, detail: '', failed: false };
  const last = `${formatDateTime(run.slot_at, timeZone)} – ${outcomeWord(run)}`;
  if (run.outcome === 'failure') {
    const before = status.last_success
      ? ` Zuletzt erfolgreich: ${formatDateTime(status.last_success.slot_at, timeZone)}.`
      : '';
    return { title, next, last, detail: `${run.error ?? OPERATIONS_MSG.unexpected}${before}`, failed: true };
  }
  if (run.outcome === 'running')
    return { title, next, last, detail: `seit ${formatDateTime(run.started_at, timeZone)}`, failed: false };
  return { title, next, last, detail: successDetail(status, run), failed: false };
}
