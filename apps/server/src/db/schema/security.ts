import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { users } from './users';

/**
 * A user's authenticator-app secret (TOTP, RFC 6238), AES-256-GCM sealed with CERT_KEY like the DEMIS
 * certificates. `confirmed_at` is null while the set-up waits for its first code; `last_step` is the
 * 30-second step of the last accepted code, so no code is accepted twice.
 */
export const userTotp = pgTable('user_totp', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  staff_id: integer('staff_id').notNull(),
  secret_iv: text('secret_iv').notNull(),
  secret_tag: text('secret_tag').notNull(),
  secret_ciphertext: text('secret_ciphertext').notNull(),
  confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  last_step: integer('last_step'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
});

/** Single-use recovery codes, stored as SHA-256 of the normalised code (80 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').notNull(),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.user_id, t.code_hash)],
);

/**
 * Browsers a user has signed in with: the SHA-256 of the long-lived random `tz_browser` cookie. A sign-in
 * from a browser not listed here sends the user a notice (except the very first one).
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staff_id: integer('staff_id').notNull(),
    browser_hash: text('browser_hash').notNull(),
    user_agent: text('user_agent'),
    first_seen_at: timestamp('first_seen_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    uniqueIndex('known_browsers_user_browser_idx').on(t.user_id, t.browser_hash),
    index('known_browsers_staff_idx').on(t.staff_id),
  ],
);

/** Settings of the whole platform: one row (id 1), written by the first start (main.ts) and by role ≤ 10. */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** From this instant platform admins (role ≤ 10) must sign in with a second factor. */
    admin_totp_required_from: timestamp('admin_totp_required_from', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
    updated_by: integer('updated_by'),
  },
  (t) => [check('platform_settings_one_row', sql`${t.id} = 1`)],
);
