-- Trigram matching for the customer search (names with typos); PGlite loads the
-- contrib module in db/client.ts, PostgreSQL ships it as a standard extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
