import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A text column in German order (ICU collation `german`, migration 0024): the
 * order of every list of names, the same on PGlite and PostgreSQL and the same
 * as `Intl.Collator('de')` in the browser. Use it in ORDER BY:
 * `.orderBy(asc(german(customers.last_name)))`.
 */
export const german = (column: SQLWrapper): SQL => sql`${column} collate german`;
