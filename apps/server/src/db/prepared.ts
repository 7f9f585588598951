import type { Db } from './client';

/**
 * A query built once per database handle and then only executed with new
 * parameters. Building a Drizzle query costs more CPU than a small indexed
 * lookup; for the calls made on every request (the guard, the session check)
 * that cost matters. PostgreSQL also keeps the statement parsed per connection.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
