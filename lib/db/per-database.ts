import type { Db } from './client';

/**
 * One value per database handle, built on first use: for Drizzle prepared statements
 * (`….prepare(name)`), whose SQL is built once instead of on every call and which PostgreSQL
 * parses once per connection. Only for statements run on the pool, never inside a transaction:
 * a statement prepared on `db` runs on its own connection.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let value = cache.get(db);
    if (value === undefined) {
      value = build(db);
      cache.set(db, value);
    }
    return value;
  };
}
