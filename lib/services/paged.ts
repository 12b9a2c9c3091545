import { sql } from 'drizzle-orm';

/**
 * `count(*) OVER ()`: the number of all rows matching the WHERE clause, carried on every row of
 * the page. Window functions run before ORDER BY/LIMIT/OFFSET, so it is the list's `count`.
 */
export const totalRows = () => sql<number>`count(*) over ()`.mapWith(Number);

export interface PageQuery {
  page: number;
  limit: number;
}

/**
 * One page of a list and the count of all matching rows (DESIGN §4) in one statement: `pageRows`
 * selects `total: totalRows()` beside its columns. Only an empty page past the end has no row to
 * carry the total; then `countAll` counts apart.
 */
export async function paged<R extends { total: number }>(
  q: PageQuery,
  pageRows: (limit: number, offset: number) => Promise<R[]>,
  countAll: () => Promise<Array<{ n: number }>>,
): Promise<{ count: number; rows: R[] }> {
  const offset = (q.page - 1) * q.limit;
  const rows = await pageRows(q.limit, offset);
  if (rows.length > 0) return { count: rows[0]!.total, rows };
  if (offset === 0) return { count: 0, rows };
  const [all] = await countAll();
  return { count: all?.n ?? 0, rows };
}
