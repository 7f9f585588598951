import { OPERATIONS_MSG } from '@tz/shared/messages';
import type { ScheduledJobStatus, ScheduledRun } from '@tz/shared/operations/operations.contract';
import { describe, expect, it } from 'vitest';
import { scheduledJobRow } from './scheduled-jobs';

const run = (over: Partial<ScheduledRun>): ScheduledRun => ({
  slot_at: '2026-06-16T01:00:00.000Z',
  started_at: '2026-06-16T01:00:00.100Z',
  finished_at: '2026-06-16T01:00:04.000Z',
  outcome: 'success',
  error: null,
  bytes: null,
  tables: null,
  rows: null,
  retention_due: null,
  retention_until: null,
  customers: null,
  ...over,
});
const job = (over: Partial<ScheduledJobStatus>): ScheduledJobStatus => ({
  job: 'backup',
  scheduled: true,
  next_run_at: '2026-06-17T01:00:00.000Z',
  last: null,
  last_success: null,
  kept_backups: 3,
  keep: 14,
  ...over,
});
const BERLIN = 'Europe/Berlin';
/** Words only: no job key, no outcome code, no field name. */
const noCodes = (text: string) => expect(text).not.toMatch(/backup|retention|success|failure|running|_/);

describe('the scheduled jobs panel', () => {
  it('says when the next backup runs and what the last one wrote', () => {
    const row = scheduledJobRow(job({ last: run({ bytes: 3_355_443, tables: 42, rows: 12_345 }) }), BERLIN);
    expect(row).toEqual({
      title: 'Sicherung der Datenbank',
      next: '17.06.2026 03:00',
      last: '16.06.2026 03:00 – erfolgreich',
      detail: '3,2 MB, 12.345 Zeilen aus 42 Tabellen; 3 Sicherungen aufbewahrt (höchstens 14)',
      failed: false,
    });
    for (const text of Object.values(row).filter((v) => typeof v === 'string')) noCodes(text as string);
  });

  it('names a failure in words and the last success', () => {
    const row = scheduledJobRow(
      job({
        last: run({ outcome: 'failure', error: OPERATIONS_MSG.diskFull }),
        last_success: run({ slot_at: '2026-06-15T01:00:00.000Z' }),
      }),
      BERLIN,
    );
    expect(row.failed).toBe(true);
    expect(row.last).toBe('16.06.2026 03:00 – fehlgeschlagen');
    expect(row.detail).toBe('Im Sicherungsordner ist kein Platz mehr. Zuletzt erfolgreich: 15.06.2026 03:00.');
  });

  it('says a job without a schedule is not set up, and the retention before its end', () => {
    expect(scheduledJobRow(job({ scheduled: false, next_run_at: null }), BERLIN)).toMatchObject({
      next: 'nicht eingerichtet',
      last: 'noch nicht gelaufen',
    });
    const retention = scheduledJobRow(
      job({
        job: 'retention',
        kept_backups: null,
        keep: null,
        last: run({ retention_due: false, retention_until: '2028-12-31', customers: 0 }),
      }),
      BERLIN,
    );
    expect(retention.title).toBe('Aufbewahrungsfrist (Löschung nach TestV)');
    expect(retention.detail).toBe('Die Frist läuft bis 31.12.2028: nichts entfernt.');
  });
});
