import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres } from './centres';

/** Test types (labels from the server; 3 and 5 offer the official OEGD form). */
export const testTypes = pgTable('test_types', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
});

export const serviceCategories = pgTable('service_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
});

/**
 * A bookable service (Dienstleistung / product) of one centre. slot_length and
 * duration are seconds (the forms show minutes); price is cents.
 */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    category_id: integer('category_id').references(() => serviceCategories.id),
    /** The platform catalogue entry this service was activated from, if any. */
    catalogue_id: integer('catalogue_id'),
    title: text('title').notNull(),
    price: integer('price').notNull().default(0),
    price_txt: text('price_txt'),
    test_type: integer('test_type').references(() => testTypes.id),
    /** 1 when the service is billed under the test regulation (TestV). */
    service_test_v: integer('service_test_v').notNull().default(0),
    slot_length: integer('slot_length').notNull().default(600),
    duration: integer('duration').notNull().default(600),
    capacity_min: integer('capacity_min').notNull().default(1),
    capacity_max: integer('capacity_max').notNull().default(1),
    active: boolean('active').notNull().default(true),
    custom: boolean('custom').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    index('services_staff_idx').on(t.staff_id),
    // one own row per catalogue entry and centre (nulls, i.e. custom services, stay distinct)
    uniqueIndex('services_staff_catalogue_unique').on(t.staff_id, t.catalogue_id),
  ],
);

/**
 * The platform catalogue ("available services"), by category. Activating an
 * entry creates (or re-activates) the centre's own services row, which is what
 * appointments reference.
 */
export const serviceCatalogue = pgTable(
  'service_catalogue',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    category_id: integer('category_id')
      .notNull()
      .references(() => serviceCategories.id),
    title: text('title').notNull(),
    price: integer('price').notNull().default(0),
    price_txt: text('price_txt'),
    test_type: integer('test_type').references(() => testTypes.id),
    service_test_v: integer('service_test_v').notNull().default(0),
    slot_length: integer('slot_length').notNull().default(600),
    duration: integer('duration').notNull().default(600),
    capacity_min: integer('capacity_min').notNull().default(1),
    capacity_max: integer('capacity_max').notNull().default(1),
  },
  (t) => [index('service_catalogue_category_idx').on(t.category_id)],
);
