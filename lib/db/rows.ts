import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The rows of a raw `db.execute(sql…)` result: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return ((result as { rows?: Array<Record<string, unknown>> }).rows ??
    (result as Array<Record<string, unknown>>)) as Array<Record<string, unknown>>;
}

/**
 * Whether `table` holds a row: one read of its first row (in `key`'s order when given, so a
 * queue's primary-key index answers rather than a scan past deleted rows). A worker reads it
 * before its pass: an idle pass then opens no transaction and plans no statement.
 */
export async function holdsRows(db: Db, table: PgTable, key?: PgColumn): Promise<boolean> {
  const first = db.select({ one: sql`1` }).from(table);
  const [row] = await (key ? first.orderBy(key) : first).limit(1);
  return row !== undefined;
}
