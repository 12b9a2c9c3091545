import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { schema } from '@/lib/db';
import { holds, holdsRowsSql, rowsOf } from '@/lib/db/rows';
import { LOCKS } from '@/lib/db/locks';
import { logger } from '@/lib/log/logger';
import { countBackgroundFailure } from '@/lib/metrics/metrics';

/** Whether a fold would find deltas to fold (the workers' question, lib/workers). */
export const rollupsToFold = () => holdsRowsSql(schema.namespaceRollupDeltas);

/**
 * Folds the rollup deltas the writes appended (migration 0015) into the rollups, one instance at a
 * time: the deltas it deletes and the sums it adds commit together, so a read (rollups + deltas)
 * counts each delta exactly once, before and after. Returns the number of deltas folded.
 *
 * All namespaces in one statement, in a savepoint; should it fail, each namespace in a savepoint
 * of its own, so that one namespace's deltas that cannot be folded stay (logged, counted) and the
 * others' are folded (docs/decisions.md, "Failure isolated").
 */
export async function foldRollups(db: Db): Promise<number> {
  // Nothing appended since the last pass (an idle network's every pass): one read, no transaction.
  if (!(await holds(db, rollupsToFold()))) return 0;
  return db.transaction(async (tx) => {
    const [lock] = rowsOf(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCKS.rollupFold}) AS ok`));
    if (!lock?.ok) return 0;
    try {
      return await tx.transaction((sp) => fold(sp, sql`true`));
    } catch (err) {
      logger.warn({ err }, 'rollup fold failed; folding each namespace on its own');
    }
    const partners = rowsOf(
      await tx.execute(sql`SELECT DISTINCT partner_id FROM namespace_rollup_deltas ORDER BY partner_id`),
    ).map((r) => String(r.partner_id));
    let folded = 0;
    for (const partner of partners) {
      try {
        folded += await tx.transaction((sp) => fold(sp, sql`partner_id = ${partner}`));
      } catch (err) {
        logger.error(
          { err, partner_id: partner },
          "a namespace's rollups could not be folded; its deltas wait",
        );
        countBackgroundFailure('rollup_fold');
      }
    }
    return folded;
  });
}

async function fold(tx: Tx, which: SQL): Promise<number> {
  const [done] = rowsOf(
    await tx.execute(sql`
      WITH folded AS (DELETE FROM namespace_rollup_deltas WHERE ${which} RETURNING *),
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
}
