import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The rows of a raw `db.execute(sql…)` result: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return ((result as { rows?: Array<Record<string, unknown>> }).rows ??
    (result as Array<Record<string, unknown>>)) as Array<Record<string, unknown>>;
}

/**
 * Whether `table` holds a row, as a boolean SQL expression: a read of its first row (in `key`'s
 * order when given, so a queue's primary-key index answers rather than a scan past deleted rows).
 * A worker asks it before its pass (lib/workers: the workers' questions in one statement).
 */
export function holdsRowsSql(table: PgTable, key?: PgColumn): SQL {
  return sql`((SELECT 1 FROM ${table}${key ? sql` ORDER BY ${key}` : sql``} LIMIT 1) IS NOT NULL)`;
}

/**
 * The answer to a boolean SQL expression (a worker's question: holdsRowsSql and the like), asked
 * alone. A worker asks it before its pass: an idle pass then opens no transaction and plans no
 * statement.
 */
export async function holds(db: Db, question: SQL): Promise<boolean> {
  const [row] = rowsOf(await db.execute(sql`SELECT ${question} AS yes`));
  return row?.yes === true;
}
