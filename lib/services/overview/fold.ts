import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { holdsRows, rowsOf } from '@/lib/db/rows';
import { LOCKS } from '@/lib/db/locks';

/**
 * Folds the rollup deltas the writes appended (migration 0015) into the rollups, one instance at a
 * time: the deltas it deletes and the sums it adds commit together, so a read (rollups + deltas)
 * counts each delta exactly once, before and after. Returns the number of deltas folded.
 */
export async function foldRollups(db: Db): Promise<number> {
  // Nothing appended since the last pass (an idle network's every pass): one read, no transaction.
  if (!(await holdsRows(db, schema.namespaceRollupDeltas))) return 0;
  return db.transaction(async (tx) => {
    const [lock] = rowsOf(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCKS.rollupFold}) AS ok`));
    if (!lock?.ok) return 0;
    const [done] = rowsOf(
      await tx.execute(sql`
        WITH folded AS (DELETE FROM namespace_rollup_deltas RETURNING *),
        summed AS (
          INSERT INTO namespace_rollups AS r (partner_id, metric, day, key, key2, currency, count, amount)
          SELECT partner_id, metric, day, key, key2, currency, sum(count), sum(amount)
          FROM folded GROUP BY 1, 2, 3, 4, 5, 6
          ON CONFLICT (partner_id, metric, day, key, key2, currency)
          DO UPDATE SET count = r.count + excluded.count, amount = r.amount + excluded.amount
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM folded)::int AS n, (SELECT count(*) FROM summed)::int AS m`),
    );
    return Number(done?.n ?? 0);
  });
}
