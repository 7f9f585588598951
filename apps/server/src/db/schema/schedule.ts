import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { centres } from './centres';

/**
 * Days with hours that deviate from the weekly schedule. Shape agreed with the
 * schedule feature (issue 5), which owns this file; the account feature only
 * deletes rows when a pause is scheduled.
 */
export const specialDays = pgTable(
  'special_days',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    date: date('date').notNull(),
    start_time: text('start_time'),
    end_time: text('end_time'),
    break_start_time: text('break_start_time'),
    break_end_time: text('break_end_time'),
    break_start_time2: text('break_start_time2'),
    break_end_time2: text('break_end_time2'),
    created_at: timestamp('created_at', { withTimezone: true }).default(sql`now()`),
  },
  (t) => [index('special_days_staff_date_idx').on(t.staff_id, t.date)],
);
