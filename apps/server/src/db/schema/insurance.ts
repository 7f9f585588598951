import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Statutory health insurers, platform-wide (the forms' Krankenkasse selection). */
export const insuranceProviders = pgTable('insurance_providers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
});

/** Institution codes (Institutionskennzeichen, 9 digits) of an insurer; one insurer has several. */
export const insuranceIks = pgTable(
  'insurance_iks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    provider_id: integer('provider_id')
      .notNull()
      .references(() => insuranceProviders.id, { onDelete: 'cascade' }),
    nr: text('nr').notNull(),
  },
  (t) => [index('insurance_iks_provider_idx').on(t.provider_id), uniqueIndex('insurance_iks_nr_unique').on(t.nr)],
);
