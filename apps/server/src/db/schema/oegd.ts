import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { appointments } from './appointments';
import { centres } from './centres';

/** The official test form (ÖGD) values of one appointment; the gender lives on the customer. */
export const oegdForms = pgTable('oegd_forms', {
  appointment_id: integer('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  staff_id: integer('staff_id')
    .notNull()
    .references(() => centres.id),
  kind: integer('kind').notNull().default(0),
  kind_num: text('kind_num').notNull().default(''),
  reason: integer('reason').notNull().default(0),
  diagnostic: integer('diagnostic').notNull().default(0),
  risk: jsonb('risk').$type<number[]>().notNull().default([]),
  optin: boolean('optin').notNull().default(false),
  updated_by: integer('updated_by'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
});
