import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Several writes (Drizzle insert/update builders) as ONE statement: `WITH w0 AS (…), w1 AS (…)
 * SELECT 1`. PostgreSQL runs every data-modifying WITH part exactly once, and the statement is
 * atomic without BEGIN/COMMIT, so a change and its outbox events cost one round trip. Foreign keys
 * between the parts are checked at the end of the statement, so a child row may reference a
 * parent inserted beside it. The parts see the same snapshot: none may read another's writes,
 * and no row may be modified by two parts.
 */
export function inOneStatement(writes: SQLWrapper[]): SQL {
  const parts = writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS ${w}`);
  return sql`WITH ${sql.join(parts, sql`, `)} SELECT 1`;
}
