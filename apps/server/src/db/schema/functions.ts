import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres } from './centres';
import { users } from './users';

/**
 * Functions (skills, functions, languages) that can be assigned to users.
 * staff_id null: the platform catalogue (identified by `code`); otherwise a
 * custom function owned by that centre.
 */
export const functions = pgTable(
  'functions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code'),
    label: text('label').notNull(),
    category: text('category').notNull(),
    staff_id: integer('staff_id').references(() => centres.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [uniqueIndex('functions_code_unique').on(t.code), index('functions_staff_idx').on(t.staff_id)],
);

export const userFunctions = pgTable(
  'user_functions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    function_id: integer('function_id')
      .notNull()
      .references(() => functions.id, { onDelete: 'cascade' }),
    /** The user's centre, so every tenant query can filter by it. */
    staff_id: integer('staff_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    uniqueIndex('user_functions_unique').on(t.user_id, t.function_id),
    index('user_functions_staff_idx').on(t.staff_id),
  ],
);
