import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres, pcrLabs } from './centres';
import { mailOutbox } from './mail';
import { users } from './users';

/**
 * A centre's catalogue of what it orders from one of its labs (name and the
 * lab's article number). Per centre, so one centre's list never changes another's.
 */
export const pcrLabProducts = pgTable(
  'pcr_lab_products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    pcr_lab_id: integer('pcr_lab_id')
      .notNull()
      .references(() => pcrLabs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull().default(''),
  },
  (t) => [index('pcr_lab_products_staff_lab_idx').on(t.staff_id, t.pcr_lab_id)],
);

/** An order of products from a lab; its state is that of the mail it went out with. */
export const pcrLabOrders = pgTable(
  'pcr_lab_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    pcr_lab_id: integer('pcr_lab_id')
      .notNull()
      .references(() => pcrLabs.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    mail_id: integer('mail_id').references(() => mailOutbox.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [index('pcr_lab_orders_staff_created_idx').on(t.staff_id, t.created_at)],
);

/** One line of an order: name and number as ordered (the catalogue may change later). */
export const pcrLabOrderLines = pgTable(
  'pcr_lab_order_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => pcrLabOrders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => pcrLabProducts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('pcr_lab_order_lines_order_idx').on(t.order_id)],
);
