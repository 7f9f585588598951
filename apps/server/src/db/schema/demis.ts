import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { appointments } from './appointments';
import { centres } from './centres';

/**
 * Every attempt to report a positive result to DEMIS: the bundle sent, the
 * answer, the outcome. status: pending (in flight), success, error. At most
 * one pending or successful report per appointment (partial unique index), so
 * a test cannot be reported twice even by parallel clicks.
 */
export const demisReports = pgTable(
  'demis_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    user_id: integer('user_id'),
    status: text('status').notNull().default('pending'),
    notification_id: text('notification_id').notNull(),
    request_bundle: jsonb('request_bundle').notNull(),
    response: jsonb('response'),
    /** The receipt PDF ("PDF Quittung") DEMIS answered with, base64. */
    receipt_pdf: text('receipt_pdf'),
    /** The warnings of DEMIS' operationOutcome in a successful answer, kept with the report. */
    warnings: jsonb('warnings'),
    http_status: integer('http_status'),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('demis_reports_appointment_idx').on(t.appointment_id),
    uniqueIndex('demis_reports_one_active').on(t.appointment_id).where(sql`status in ('pending', 'success')`),
  ],
);
