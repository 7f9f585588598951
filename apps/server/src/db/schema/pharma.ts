import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { centres } from './centres';
import { customers } from './customers';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, pg a Buffer: one type for the code.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A long-term prescription (Dauerverordnung) of a centre's customer. */
export const pharmaRx = pgTable(
  'pharma_rx',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Issue date. */
    date: date('date').notNull(),
    /** Start and end of the recurring service; no end: open-ended. */
    start: date('start').notNull(),
    end: date('end'),
    notes: text('notes').notNull().default(''),
    active: boolean('active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [index('pharma_rx_staff_start_idx').on(t.staff_id, t.start)],
);

/** One picking and handover of products for a prescription; billed ones are final. */
export const pharmaUsages = pgTable(
  'pharma_usages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    rx_id: integer('rx_id')
      .notNull()
      .references(() => pharmaRx.id, { onDelete: 'cascade' }),
    /** Picking date. */
    date: date('date').notNull(),
    handover_date: date('handover_date'),
    billed: boolean('billed').notNull().default(false),
    billed_at: timestamp('billed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [index('pharma_usages_staff_date_idx').on(t.staff_id, t.date), index('pharma_usages_rx_idx').on(t.rx_id)],
);

/** The products of a usage, copied from the catalogue (or typed in), so later catalogue changes keep them. */
export const pharmaUsageProducts = pgTable(
  'pharma_usage_products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id').notNull(),
    usage_id: integer('usage_id')
      .notNull()
      .references(() => pharmaUsages.id, { onDelete: 'cascade' }),
    product_id: integer('product_id'),
    customer_title: text('customer_title').notNull(),
    /** Cents. */
    customer_price: integer('customer_price').notNull(),
    /** Net cents; the usage's total adds VAT. */
    price: integer('price').notNull(),
    pzn: text('pzn').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('pharma_usage_products_usage_idx').on(t.usage_id)],
);

/** The centre's product catalogue. */
export const pharmaProducts = pgTable(
  'pharma_products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    pzn: text('pzn').notNull(),
    title: text('title').notNull(),
    customer_price: integer('customer_price').notNull(),
    price: integer('price').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [uniqueIndex('pharma_products_staff_pzn_uq').on(t.staff_id, t.pzn)],
);

/** Documents of a prescription; the bytes live in the database so backups hold them and PGlite works alike. */
export const pharmaDocuments = pgTable(
  'pharma_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    rx_id: integer('rx_id')
      .notNull()
      .references(() => pharmaRx.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    user_id: integer('user_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [index('pharma_documents_rx_idx').on(t.staff_id, t.rx_id)],
);
