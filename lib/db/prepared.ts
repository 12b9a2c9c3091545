import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Prepared statements, the one way hot SQL is run (docs/architecture.md, "Data access"): built once
 * per database handle, their SQL rendered once by Drizzle and, on PostgreSQL, parsed and planned
 * once per pooled connection. Everything here caches through `perDatabase`.
 */

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

interface Preparable<P> {
  prepare(name: string): P;
}

/**
 * A hot query built once per database handle with `sql.placeholder`s: Drizzle renders its SQL
 * once instead of per request, and on PostgreSQL the named statement is parsed and planned once
 * per pooled connection. `name` must be unique per query text (PostgreSQL keys statements by it).
 */
export function preparedQuery<P>(name: string, build: (db: Db) => Preparable<P>): (db: Db) => P {
  return perDatabase((db) => build(db).prepare(name));
}

/**
 * A placeholder where Drizzle expects a column value: the statement is built (and prepared) once,
 * the column's encoder still maps the value supplied at execution (jsonb, bigint, timestamps).
 */
export function slot(name: string): SQL {
  return sql.placeholder(name) as unknown as SQL;
}

/** Every field of `row` as a placeholder named `${prefix}${field}`; fill them with `slotValues`. */
export function slots<T extends object>(prefix: string, row: T): { [K in keyof T]: SQL } {
  return Object.fromEntries(Object.keys(row).map((k) => [k, slot(prefix + k)])) as { [K in keyof T]: SQL };
}

export function slotValues(
  prefix: string,
  row: object,
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const k in row) into[prefix + k] = (row as Record<string, unknown>)[k];
  return into;
}

export type PreparedWrite = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * Several writes (Drizzle insert/update builders, values as `slot`s) as ONE prepared statement:
 * `WITH w0 AS (…), w1 AS (…) SELECT 1`. PostgreSQL runs every data-modifying WITH part exactly once
 * and the statement is atomic without BEGIN/COMMIT, so a change and its outbox events cost one
 * round trip; prepared, its SQL is built once and parsed once per connection. Foreign keys between
 * the parts are checked at the end of the statement, so a row may reference one inserted beside
 * it. The parts share one snapshot: none sees another's writes, and no row may be written twice.
 * Parts may read each other's RETURNING output by name (`w0`, `w1`, … or the given names).
 */
export function prepareOneStatement(
  db: Db,
  name: string,
  writes: Array<SQLWrapper | [string, SQLWrapper]>,
): PreparedWrite {
  const parts = writes.map((w, i) =>
    Array.isArray(w) ? db.$with(w[0], {}).as(w[1].getSQL()) : db.$with(`w${i}`, {}).as(w.getSQL()),
  );
  return db
    .with(...parts)
    .select({ one: sql<number>`1` })
    .from(sql`(select 1) as one`)
    .prepare(name);
}

/**
 * A cache of prepared statements by name, per database; `build` runs on first use. The name must
 * determine the SQL completely (e.g. `payments_create_2` for two event rows).
 */
export function preparedStatements() {
  const byDb = perDatabase(() => new Map<string, PreparedWrite>());
  return (db: Db, name: string, build: () => PreparedWrite): PreparedWrite => {
    const cache = byDb(db);
    let statement = cache.get(name);
    if (!statement) {
      statement = build();
      cache.set(name, statement);
    }
    return statement;
  };
}
