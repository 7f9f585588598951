import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres } from './centres';

/**
 * The monthly export queue (configuration-admin §3 "Export queue entry"). A
 * request is a row with done = 0; a worker claims it (FOR UPDATE SKIP LOCKED,
 * then a lease: claim_token and claimed_until, renewed while it writes),
 * writes the file into the export directory and sets bucket_filename and
 * done = 1 — only while its claim still holds. A worker that dies leaves the
 * lease to run out, so another one produces the entry; one that fails
 * releases it with a backoff and gives up (failed) after a few attempts.
 */
export const exportQueue = pgTable(
  'export_queue',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    requested_by: integer('requested_by'),
    /** The requested range: the instants of the centre's wall-clock 'from' and 'to' (to: its whole second counts). */
    export_from: timestamp('export_from', { withTimezone: true }).notNull(),
    export_to: timestamp('export_to', { withTimezone: true }).notNull(),
    /** The file's name in the centre's folder of the export directory, once produced. */
    bucket_filename: text('bucket_filename'),
    /** 0 until the file is written (the spec's field), then 1. */
    done: integer('done').notNull().default(0),
    failed: boolean('failed').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    claim_token: text('claim_token'),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    last_error: text('last_error'),
    rows: integer('rows'),
    bytes: bigint('bytes', { mode: 'number' }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    index('export_queue_staff_created_idx').on(t.staff_id, t.created_at),
    // What the workers look for: only the few entries not done yet.
    index('export_queue_due_idx').on(t.next_attempt_at).where(sql`done = 0 and not failed`),
  ],
);
