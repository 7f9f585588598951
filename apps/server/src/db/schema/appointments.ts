import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres, pcrLabs } from './centres';
import { customers, institutions } from './customers';
import { services } from './services';

/** Payment classifications under the TestV, platform-wide, each with an optional window. */
export const paymentClassifications = pgTable('payment_classifications', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  description: text('description'),
  /** Warning text shown with the entry. */
  danger: text('danger'),
  active: boolean('active').notNull().default(true),
  active_from: date('active_from'),
  active_till: date('active_till'),
});

/**
 * One booking of one customer. Fields derived from joins (customer_firstname,
 * service_title …) are not stored. Rows with should_block_slot = true are
 * blocked slots of a series: they occupy capacity but are no customer visit.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    service_id: integer('service_id')
      .notNull()
      .references(() => services.id),
    customer_appointment_id: integer('customer_appointment_id')
      .notNull()
      .generatedByDefaultAsIdentity({ startWith: 1000001 }),
    token: text('token').notNull(),
    start_date: timestamp('start_date', { withTimezone: true }).notNull(),
    end_date: timestamp('end_date', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('approved'),
    checked_in: integer('checked_in').notNull().default(0),
    number_of_persons: integer('number_of_persons').notNull().default(1),
    notes: text('notes'),
    res_detected: integer('res_detected'),
    res_date: timestamp('res_date', { withTimezone: true }),
    demis_status: text('demis_status'),
    vaccination_id: integer('vaccination_id'),
    payment_class_id: integer('payment_class_id').references(() => paymentClassifications.id),
    classification_checked_by: text('classification_checked_by'),
    price: integer('price').notNull().default(0),
    pcr_lab_id_selected: integer('pcr_lab_id_selected').references(() => pcrLabs.id),
    should_block_slot: boolean('should_block_slot').notNull().default(false),
    /** Rows created by one request (a series) share this id. */
    series_id: text('series_id'),
    /** Who booked: customer (booking page), staff, import. */
    source: text('source').notNull().default('staff'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    // With id, a keyset page (start_date, id) > (…) ORDER BY start_date, id LIMIT n is read in
    // index order and stops after n rows; without it every page sorted the rest of the range (bench).
    index('appointments_staff_start_id_idx').on(t.staff_id, t.start_date, t.id),
    // The list filtered by result date (appointment_source customer_appointments_res_date).
    index('appointments_staff_res_date_idx').on(t.staff_id, t.res_date),
    index('appointments_customer_idx').on(t.customer_id),
    uniqueIndex('appointments_token_unique').on(t.token),
    uniqueIndex('appointments_cai_unique').on(t.customer_appointment_id),
    index('appointments_series_idx').on(t.series_id),
  ],
);

export const appointmentInstitutions = pgTable(
  'appointment_institutions',
  {
    staff_id: integer('staff_id').notNull(),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.appointment_id, t.institution_id] })],
);
