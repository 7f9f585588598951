import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { appointments } from './appointments';
import { centres } from './centres';

/**
 * An appointment a customer booked on the public booking page. The customer
 * holds only the link with the token; we keep its SHA-256, so the table alone
 * cancels nothing. `email` (lower case) counts the open bookings per day.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    email: text('email').notNull(),
    /** The customer agreed at booking that the result may be mailed as a link. */
    result_consent: boolean('result_consent').notNull().default(false),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    uniqueIndex('bookings_token_hash_unique').on(t.token_hash),
    uniqueIndex('bookings_appointment_unique').on(t.appointment_id),
    index('bookings_staff_email_idx').on(t.staff_id, t.email),
  ],
);

/**
 * Every booking request that reaches the booking step (after validation, the
 * honeypot and the window checks), for the limits per person and the ceiling
 * per connecting address (decision 010). Rows in the database, so the limits
 * hold across server processes; e-mail, phone and address are stored as
 * SHA-256 only, and rows older than two days are deleted on the next request.
 */
export const bookingAttempts = pgTable(
  'booking_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ip_hash: text('ip_hash').notNull(),
    email_hash: text('email_hash'),
    /** SHA-256 of the phone number's digits (a German +49 / 0049 read as 0). */
    phone_hash: text('phone_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    index('booking_attempts_ip_idx').on(t.ip_hash, t.created_at),
    index('booking_attempts_email_idx').on(t.email_hash, t.created_at),
    index('booking_attempts_phone_idx').on(t.phone_hash, t.created_at),
    index('booking_attempts_created_idx').on(t.created_at),
  ],
);

/**
 * The link to a test result, mailed when the customer agreed at booking
 * (bookings.result_consent). The mail carries only the link; the page asks for
 * the birthday before it shows anything. SHA-256 of the token, an expiry
 * (RESULT_LINK_DAYS) and a count of wrong birthdays (five lock the link).
 */
export const resultLinks = pgTable(
  'result_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    uniqueIndex('result_links_token_hash_unique').on(t.token_hash),
    uniqueIndex('result_links_appointment_unique').on(t.appointment_id),
  ],
);
