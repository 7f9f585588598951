import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';

/** Host-based branding: the host name the app is opened on selects all of this. */
export const hosts = pgTable('hosts', {
  host: text('host').primaryKey(),
  brand: text('brand').notNull(),
  logo_url: text('logo_url'),
  api_url: text('api_url'),
  cert_system_url: text('cert_system_url'),
  declaration_url: text('declaration_url'),
  statistik_url: text('statistik_url'),
  faq_url: text('faq_url'),
  instant_booking_url: text('instant_booking_url'),
});

export const news = pgTable('news', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
});

/** Who changed what, when, from which value to which (ARCHITECTURE.md §4 Audit). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id'),
    user_id: integer('user_id'),
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entity_id), index('audit_staff_idx').on(t.staff_id, t.created_at)],
);
