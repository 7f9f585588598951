-- hand-written (keep when regenerating)
-- Lists of names sort as German readers expect (issue 31): Köhler before Krüger, Schäfer before Schulze,
-- Öztürk among the O and 'von Bülow' among the V, upper and lower case together. ICU's German collation,
-- created here because PGlite (which has ICU but only the root collations) has no "de-x-icu"; PostgreSQL with
-- ICU (Debian, the official images) creates the same. Queries say `collate german` (src/db/collation.ts).
CREATE COLLATION IF NOT EXISTS german (provider = icu, locale = 'de');--> statement-breakpoint
-- The customer list pages through the names in this order: its index follows.
DROP INDEX IF EXISTS "customers_staff_name_idx";--> statement-breakpoint
CREATE INDEX "customers_staff_name_idx" ON "customers" USING btree ("staff_id", "last_name" COLLATE german, "first_name" COLLATE german);
