import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres } from './centres';

/** A customer of one centre. gender: 0 none, 1 male, 2 female, 3 diverse, 4 non-binary. */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    birthday: date('birthday'),
    email: text('email'),
    phone: text('phone'),
    gender: integer('gender').notNull().default(0),
    street: text('street'),
    street_number: text('street_number'),
    postcode: text('postcode'),
    city: text('city'),
    passport: text('passport'),
    insurance_policy_number: text('insurance_policy_number'),
    insurance_provider_id: integer('insurance_provider_id'),
    ik_id: integer('ik_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    // The names as the search compares them (search_fold, migration 0016, accents since 0027), stored once per
    // write: a search with a typo rechecks and scores thousands of trigram candidates, and folding each again cost
    // half its time.
    first_fold: text('first_fold').generatedAlwaysAs(sql`search_fold(first_name)`),
    last_fold: text('last_fold').generatedAlwaysAs(sql`search_fold(last_name)`),
    name_fold: text('name_fold').generatedAlwaysAs(sql`search_fold(first_name || ' ' || last_name)`),
  },
  (t) => [
    index('customers_staff_name_idx').on(t.staff_id, t.last_name, t.first_name),
    // The CSV import matches existing customers by name and birthday: candidates by birthday.
    index('customers_staff_birthday_idx').on(t.staff_id, t.birthday),
    // The search's customers of one name part, newest first (features/search); migration 0021 adds the other
    // part as INCLUDE, which this schema cannot express.
    index('customers_staff_last_fold_idx').on(t.staff_id, t.last_fold, t.id),
    index('customers_staff_first_fold_idx').on(t.staff_id, t.first_fold, t.id),
  ],
);

/**
 * Every folded first and last name a centre's customers have had, once: a
 * one-word search with a typo scores these few thousand parts instead of every
 * customer bearing a similar name. Filled by triggers on customers (0021);
 * never written by the application. Names no customer bears any more stay
 * until the retention job removes them.
 */
export const customerNameParts = pgTable(
  'customer_name_parts',
  {
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.staff_id, t.name] })],
);

/** Groups (institutions) of a centre. */
export const institutions = pgTable(
  'institutions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    name: text('name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  // A group name is unique per centre, whatever its case.
  (t) => [uniqueIndex('institutions_staff_name_uq').on(t.staff_id, sql`lower(${t.name})`)],
);

export const customerInstitutions = pgTable(
  'customer_institutions',
  {
    staff_id: integer('staff_id').notNull(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.customer_id, t.institution_id] }),
    index('customer_institutions_inst_idx').on(t.institution_id),
  ],
);
