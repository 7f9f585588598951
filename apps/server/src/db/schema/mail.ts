import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/**
 * Every mail the product sends is a row here first (in the transaction of the
 * change that causes it); the worker delivers it and retries with backoff.
 * Rows are never deleted, so nothing is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id'),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.next_attempt_at)],
);
