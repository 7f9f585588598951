import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { centres } from './centres';

/**
 * Opening hours of one weekday (day_index 1 = Sunday … 7 = Saturday). Times
 * are the centre's wall-clock 'HH:MM'; a weekday without a row is closed.
 */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    day_index: integer('day_index').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
  },
  (t) => [uniqueIndex('schedule_items_staff_day_unique').on(t.staff_id, t.day_index)],
);

/** Up to two breaks per weekday (position 1 and 2). */
export const scheduleBreaks = pgTable(
  'schedule_breaks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id').notNull(),
    schedule_item_id: integer('schedule_item_id')
      .notNull()
      .references(() => scheduleItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
  },
  (t) => [uniqueIndex('schedule_breaks_item_position_unique').on(t.schedule_item_id, t.position)],
);

/** A date with deviating opening hours; it replaces the weekday's hours. Empty breaks are ''. */
export const specialDays = pgTable(
  'special_days',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    date: date('date', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    break_start_time: text('break_start_time').notNull().default(''),
    break_end_time: text('break_end_time').notNull().default(''),
    break_start_time2: text('break_start_time2').notNull().default(''),
    break_end_time2: text('break_end_time2').notNull().default(''),
  },
  (t) => [uniqueIndex('special_days_staff_date_unique').on(t.staff_id, t.date)],
);

/** A closed date of the centre. */
export const holidays = pgTable(
  'holidays',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('holidays_staff_date_unique').on(t.staff_id, t.date), index('holidays_date_idx').on(t.date)],
);
