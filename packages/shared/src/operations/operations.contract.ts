import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

/**
 * Readiness for load balancers and proxies (docs/operations.md): 200 while the instance takes traffic;
 * 503 {error, message} while it starts (migrations), its database cannot be reached, or it drains after
 * SIGTERM. /api/health stays the liveness answer.
 */
export const getReady = endpoint({
  method: 'GET',
  path: '/api/ready',
  access: { public: true },
  summary: 'Bereitschaft: 200, wenn diese Instanz Anfragen annimmt; 503 beim Start, ohne Datenbank oder beim Beenden',
  response: z.object({ ready: z.literal(true) }),
});

export const SCHEDULED_JOBS = ['backup', 'retention'] as const;
export type ScheduledJob = (typeof SCHEDULED_JOBS)[number];

export const scheduledRunSchema = z.object({
  /** The moment the schedule named (ISO 8601). */
  slot_at: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(['running', 'success', 'failure']),
  /** Why it failed, in German words; null otherwise. */
  error: z.string().nullable(),
  /** A backup: its size, tables and rows. */
  bytes: z.number().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  /** A retention run: whether the retention time had ended, its last day, and the customers anonymised. */
  retention_due: z.boolean().nullable(),
  retention_until: z.string().nullable(),
  customers: z.number().int().nullable(),
});
export type ScheduledRun = z.infer<typeof scheduledRunSchema>;

export const scheduledJobSchema = z.object({
  job: z.enum(SCHEDULED_JOBS),
  /** Whether a schedule is set on this installation. */
  scheduled: z.boolean(),
  /** The next slot by the schedule (ISO 8601), null without one. */
  next_run_at: z.string().nullable(),
  last: scheduledRunSchema.nullable(),
  last_success: scheduledRunSchema.nullable(),
  /** Backups: how many scheduled backups lie in the backup folder of the answering instance, and how many are kept. */
  kept_backups: z.number().int().nullable(),
  keep: z.number().int().nullable(),
});
export type ScheduledJobStatus = z.infer<typeof scheduledJobSchema>;

export const getScheduledJobs = endpoint({
  method: 'GET',
  path: '/api/platform/scheduled-jobs',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Plattform: geplante Sicherungen und Aufbewahrungsfrist, letzter Lauf und nächster Termin',
  response: z.object({ jobs: z.array(scheduledJobSchema) }),
});
