import { createHash } from 'node:crypto';
import { type AnyColumn, fillPlaceholders, is, Param, Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { rowsOf } from './rows';

const dialect = new PgDialect();

/** A crude bound: a client trying every combination of filters must not grow the server's memory. */
const MAX_SHAPES = 500;

/** A shape's query as it is sent: its text, its values and the name it is prepared under. */
export interface NamedQuery extends Query {
  name: string;
}

export interface ShapedSql<A> {
  /** The text, values and statement name as they are sent (the benchmark's bare SQL runs exactly this). */
  query(args: A): NamedQuery;
  /** Runs it through Drizzle's session of `db` (the database or a transaction; its logger sees it). */
  rows<R>(db: DbOrTx, args: A): Promise<R[]>;
}

const isPlaceholder = (p: unknown) => is(p, Placeholder) || (is(p, Param) && is(p.value, Placeholder));

/**
 * A query whose text depends on a few choices (which filters, paging) and
 * whose values change with every call: rendered once per `shape` (a key of
 * those choices), then only filled with `values`. Rendering the appointments
 * list's Drizzle query (48 fields) took a quarter of the server's CPU per
 * call (profile in docs/performance.md); the bare driver call is what remains.
 *
 * `build` must depend on the shape only and name every value with
 * `sql.placeholder(name)`: a value written into the query itself would be
 * sent to every later caller of the same shape, so rendering refuses it.
 *
 * On PostgreSQL each shape is a named prepared statement (the name is a hash
 * of its text): every connection parses and analyses it once and then only
 * binds values (PostgreSQL still plans each call for its values: it keeps
 * choosing custom plans for the list). A page of the list: 2.1–2.9 ms of the
 * database unnamed, 1.9–2.0 ms named (bench).
 */
export function shapedSql<A>(o: {
  shape: (args: A) => string;
  build: (args: A) => SQL;
  values: (args: A) => Record<string, unknown>;
}): ShapedSql<A> {
  const shapes = new Map<string, NamedQuery>();
  const rendered = (args: A) => {
    const key = o.shape(args);
    let query = shapes.get(key);
    if (!query) {
      const built = dialect.sqlToQuery(o.build(args));
      if (!built.params.every(isPlaceholder)) {
        throw new Error(`shapedSql: a value is not a placeholder in shape '${key}'`);
      }
      query = { ...built, name: statementName(built.sql) };
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, query);
    }
    return query;
  };
  return {
    query: (args) => {
      const query = rendered(args);
      return { sql: query.sql, params: fillPlaceholders(query.params, o.values(args)), name: query.name };
    },
    rows: async <R>(db: DbOrTx, args: A) => {
      const query = rendered(args);
      // PGlite's session ignores the name (one connection, no statement cache of its own).
      const prepared = db._.session.prepareQuery(query, undefined, query.name, false);
      return rowsOf<R>(await prepared.execute(o.values(args)));
    },
  };
}

/** One name per text: node-postgres refuses a name it prepared for another text on the same connection. */
const statementName = (text: string) => `shaped_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/**
 * The select list of `columns`, each under its key (`"table"."column" as "key"`): a shaped query's rows then
 * have the keys Drizzle's select(columns) gives them. Only for columns the driver already answers as their
 * Drizzle type (numbers, text, booleans, dates as text): the rows pass no column mapping.
 */
export const selectList = (columns: Record<string, AnyColumn>): SQL =>
  sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
