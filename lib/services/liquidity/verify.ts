import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';

/**
 * Recomputes every liquidity figure from what it is made of (`npm run verify-liquidity`), in one
 * read-only snapshot, and answers the differences (none: all is well):
 * - a balance is the sum of its ledger entries, and each entry's balance_after the running sum;
 * - a position is Σ debits − Σ credits of the admitted transactions not yet settled (those in the
 *   settlement queue), a payment inside one namespace moving none;
 * - a debtor's queued count and sum are its rows in the liquidity queue, each of a submission
 *   still waiting;
 * - the settlement entries of each batch sum to 0.
 */
export async function verifyLiquidity(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const mismatches = rowsOf(
    await db.execute(sql`
      WITH ledger AS (
        SELECT partner_id, currency, sum(amount) AS balance FROM liquidity_entries GROUP BY 1, 2
      ), unsettled AS (
        SELECT p, currency, sum(delta) AS position FROM (
          SELECT t.debtor_partner_id AS p, t.currency, t.amount_minor AS delta
          FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
          WHERE t.debtor_partner_id <> t.beneficiary_partner_id
          UNION ALL
          SELECT t.beneficiary_partner_id, t.currency, -t.amount_minor
          FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
          WHERE t.debtor_partner_id <> t.beneficiary_partner_id
        ) d GROUP BY 1, 2
      ), queued AS (
        SELECT debtor_partner_id AS p, currency, count(*) AS n, sum(amount) AS amount FROM liquidity_queue GROUP BY 1, 2
      ), keys AS (
        SELECT partner_id AS p, currency FROM liquidity_positions
        UNION SELECT partner_id, currency FROM ledger
        UNION SELECT p, currency FROM unsettled
        UNION SELECT p, currency FROM queued
      )
      SELECT k.p AS partner_id, k.currency,
        lp.partner_id IS NOT NULL AS kept,
        coalesce(lp.balance, 0)::text AS balance, coalesce(l.balance, 0)::text AS ledger_balance,
        coalesce(lp.position, 0)::text AS position, coalesce(u.position, 0)::text AS unsettled_position,
        coalesce(lp.queued_count, 0) AS queued_count, coalesce(q.n, 0)::int AS queue_rows,
        coalesce(lp.queued_amount, 0)::text AS queued_amount, coalesce(q.amount, 0)::text AS queue_amount
      FROM keys k
      LEFT JOIN liquidity_positions lp ON lp.partner_id = k.p AND lp.currency = k.currency
      LEFT JOIN ledger l ON l.partner_id = k.p AND l.currency = k.currency
      LEFT JOIN unsettled u ON u.p = k.p AND u.currency = k.currency
      LEFT JOIN queued q ON q.p = k.p AND q.currency = k.currency
      WHERE coalesce(lp.balance, 0) <> coalesce(l.balance, 0)
        OR coalesce(lp.position, 0) <> coalesce(u.position, 0)
        OR coalesce(lp.queued_count, 0) <> coalesce(q.n, 0)
        OR coalesce(lp.queued_amount, 0) <> coalesce(q.amount, 0)
      ORDER BY 1, 2`),
  );
  for (const m of mismatches) {
    const who = `${m.partner_id} ${m.currency}`;
    if (m.balance !== m.ledger_balance)
      problems.push(`${who}: balance ${m.balance}, but its ledger entries sum to ${m.ledger_balance}`);
    if (m.position !== m.unsettled_position)
      problems.push(
        `${who}: position ${m.position}, but its unsettled transactions make ${m.unsettled_position}`,
      );
    if (Number(m.queued_count) !== Number(m.queue_rows) || m.queued_amount !== m.queue_amount)
      problems.push(
        `${who}: queued ${m.queued_count} for ${m.queued_amount}, but the queue holds ${m.queue_rows} for ${m.queue_amount}`,
      );
  }
  const runs = rowsOf(
    await db.execute(sql`
      SELECT id, partner_id, currency, balance_after::text AS balance_after, running::text AS running FROM (
        SELECT id, partner_id, currency, balance_after,
          sum(amount) OVER (PARTITION BY partner_id, currency ORDER BY created_at, id) AS running
        FROM liquidity_entries
      ) e WHERE balance_after <> running ORDER BY partner_id, currency LIMIT 20`),
  );
  for (const r of runs)
    problems.push(
      `${r.partner_id} ${r.currency}: entry ${r.id} says the balance after it was ${r.balance_after}, the entries before it sum to ${r.running}`,
    );
  const batches = rowsOf(
    await db.execute(sql`
      SELECT batch_id, sum(amount)::text AS total FROM liquidity_entries
      WHERE kind = 'settlement' GROUP BY batch_id HAVING sum(amount) <> 0 ORDER BY batch_id`),
  );
  for (const b of batches)
    problems.push(`batch ${b.batch_id}: its settlement entries sum to ${b.total}, not 0`);
  const stale = rowsOf(
    await db.execute(sql`
      SELECT q.submission_id FROM liquidity_queue q JOIN submissions s ON s.id = q.submission_id
      WHERE s.status NOT IN (1, 2) OR s.liquidity_queued_at IS NULL ORDER BY 1 LIMIT 20`),
  );
  for (const s of stale)
    problems.push(
      `queue: submission ${s.submission_id} is no longer waiting, yet still in the liquidity queue`,
    );
  return problems;
}
