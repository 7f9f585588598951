import { Cron } from 'croner';

/**
 * BACKUP_SCHEDULE and RETENTION_SCHEDULE: a cron expression read in Berlin time (where the centres are),
 * five fields (`0 3 * * *`: every day at 03:00) or six with seconds first (`*\/30 * * * * *`, for tests
 * and the proof), or a nickname (`@daily`, `@hourly`). Each time it names is one slot; every instance
 * computes the same slots, and the database lets one of them run each (scheduled-runs.repository.ts).
 */
export const SCHEDULE_TIME_ZONE = 'Europe/Berlin';

export interface Schedule {
  expression: string;
  /** The first slot strictly after `after`, or undefined if the expression names none any more. */
  nextAfter(after: Date): Date | undefined;
}

export function parseSchedule(expression: string): Schedule {
  const cron = new Cron(expression, { timezone: SCHEDULE_TIME_ZONE, mode: '5-or-6-parts', paused: true });
  return {
    expression,
    nextAfter: (after) => cron.nextRun(after) ?? undefined,
  };
}

/** Why a schedule setting is not one (German, for the start's configuration error), or undefined. */
export function scheduleError(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  try {
    if (!parseSchedule(v).nextAfter(new Date())) return `Der Zeitplan „${v}“ nennt keinen künftigen Zeitpunkt.`;
    return undefined;
  } catch {
    return `„${v}“ ist kein Zeitplan (Cron-Ausdruck mit 5 oder 6 Feldern, z. B. „0 3 * * *“ für täglich 03:00 Uhr).`;
  }
}
