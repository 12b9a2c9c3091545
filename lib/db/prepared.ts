import type { Db } from './client';

interface Preparable<P> {
  prepare(name: string): P;
}

/**
 * A hot query built once per database handle with `sql.placeholder`s: Drizzle renders its SQL
 * once instead of per request, and on PostgreSQL the named statement is parsed and planned once
 * per pooled connection. `name` must be unique per query text (PostgreSQL keys statements by it).
 */
export function preparedQuery<P>(name: string, build: (db: Db) => Preparable<P>): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
