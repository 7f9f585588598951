import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { appointments } from './appointments';
import { centres } from './centres';

/**
 * The last receipt number handed out per centre. Incremented with
 * INSERT … ON CONFLICT DO UPDATE … RETURNING inside the receipt's transaction,
 * so concurrent requests (and several server processes) never share a number.
 */
export const receiptCounters = pgTable('receipt_counters', {
  staff_id: integer('staff_id')
    .primaryKey()
    .references(() => centres.id),
  last_number: integer('last_number').notNull(),
});

/**
 * One receipt per appointment, numbered per centre. Price and VAT rate are
 * frozen when the receipt is issued, so a copy shows what the original said.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    receipt_number: integer('receipt_number').notNull(),
    price: integer('price').notNull(),
    vat_percent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull(),
    created_by: integer('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    last_sent_to: text('last_sent_to'),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('receipts_staff_number_unique').on(t.staff_id, t.receipt_number),
    uniqueIndex('receipts_appointment_unique').on(t.appointment_id),
    index('receipts_staff_idx').on(t.staff_id, t.created_at),
  ],
);
