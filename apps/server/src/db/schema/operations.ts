import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';

/**
 * One row per slot of a scheduled job (backup, retention): every instance computes the same slots
 * from the schedule, and the unique (job, slot_at) lets exactly one of them insert the row and run
 * the job; the others see the row and skip. The row then says how it went (the platform admin's
 * "Export Admin" screen and the metrics read it).
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'backup' or 'retention'. */
    job: text('job').notNull(),
    /** The moment the schedule named (not when it started): the key that makes a run happen once. */
    slot_at: timestamp('slot_at', { withTimezone: true }).notNull(),
    /** 'running', 'success' or 'failure'. */
    outcome: text('outcome').notNull().default('running'),
    /** Which process ran it: host name and process id. */
    instance: text('instance').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** What it did: the backup's file, size, tables, rows and how many it kept or removed; the retention's counts. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** Why it failed, in German words. */
    error: text('error'),
  },
  (t) => [uniqueIndex('scheduled_runs_job_slot_idx').on(t.job, t.slot_at)],
);
