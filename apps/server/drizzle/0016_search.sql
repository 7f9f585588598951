-- hand-written (keep when regenerating)
-- The header search (features/search). search_fold is foldForSearch of packages/shared/src/rules/search-query.ts:
-- lower case with ä→ae, ö→oe, ü→ue, ß→ss, so Müller = Mueller; the trigram index on the folded full name answers
-- substring (LIKE) and typo-tolerant (word similarity, %>) name searches of one centre.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select lower(replace(replace(replace(replace(replace(replace(replace(t, 'Ä', 'ae'), 'ä', 'ae'), 'Ö', 'oe'), 'ö', 'oe'), 'Ü', 'ue'), 'ü', 'ue'), 'ß', 'ss')) $$;--> statement-breakpoint
-- Phone numbers are compared by their digits, whatever spaces and dashes were typed.
CREATE OR REPLACE FUNCTION search_digits(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select regexp_replace(t, '[^0-9]', '', 'g') $$;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_name_trgm_idx" ON "customers" USING gin (search_fold("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_staff_email_lower_idx" ON "customers" USING btree ("staff_id", lower("email"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_staff_phone_digits_idx" ON "customers" USING btree ("staff_id", search_digits("phone"));
--> statement-breakpoint
-- A common surname (Müller, Becker) has hundreds of exact matches: those come first and fill the page from this
-- index, without scoring thousands of similar names.
CREATE INDEX IF NOT EXISTS "customers_staff_last_fold_idx" ON "customers" USING btree ("staff_id", search_fold("last_name"), "id");
