import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres } from './centres';

/** A user belongs to exactly one centre (staff_id). role_id: lower is more powerful. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    role_id: integer('role_id').notNull().default(30),
    active: integer('active').notNull().default(1),
    last_seen_news_item: timestamp('last_seen_news_item', { withTimezone: true }),
    birthdate: date('birthdate'),
    zip: text('zip'),
    city: text('city'),
    street: text('street'),
    mobile: text('mobile'),
    phone: text('phone'),
    fte: numeric('fte', { precision: 3, scale: 1 }),
    hourly_rate: numeric('hourly_rate', { precision: 10, scale: 2 }),
    basic_salary: numeric('basic_salary', { precision: 10, scale: 2 }),
    bank_institution: text('bank_institution'),
    bank_swift: text('bank_swift'),
    bank_iban: text('bank_iban'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_staff_idx').on(t.staff_id)],
);

/** A token is only valid while its session row is neither expired nor revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    user_agent: text('user_agent'),
    /**
     * Null: a full session. 'totp': the password was right, the code from the authenticator app is still
     * due; 'totp_setup': the user must set up the second factor first. Either reaches only its own routes
     * (`access.stages`), lives minutes, and is replaced by a full session when done.
     */
    stage: text('stage').$type<'totp' | 'totp_setup'>(),
    /** Updated by the guard at most once a minute (the account page's "zuletzt aktiv"). */
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    /** 'Ignorieren' on the news prompt: not again in this login session, whatever the browser keeps. */
    news_prompt_dismissed_at: timestamp('news_prompt_dismissed_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Failed logins, counted per email and per IP for the login limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.created_at),
    index('login_failures_ip_idx').on(t.ip, t.created_at),
  ],
);
