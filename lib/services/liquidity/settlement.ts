import { sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db';

/**
 * A completed batch moves its participants' liquidity (DESIGN §11): each participant's
 * multilateral net (its leaf: creditor +, debtor −) is a `settlement` entry of its ledger, added to
 * its balance, and its position drops by the debits less the credits now settled — that is, moves
 * by the same net. One statement per batch, at the end of the batch's savepoint, so that a
 * currency whose balances cannot take their nets fails alone; the position rows are locked from
 * there to the cut-off's commit, in the order every writer of positions uses. A participant whose
 * net is zero has no entry. Σ of a batch's entries is 0, as Σ of its leaves is.
 */
export async function settleLiquidity(tx: Tx, batchId: string): Promise<void> {
  await tx.execute(sql`
    WITH nets AS (
      SELECT l.partner_id, b.currency, b.id AS batch_id,
        CASE WHEN l.kind = 'creditor' THEN l.amount ELSE -l.amount END AS net
      FROM settlement_leaves l JOIN settlement_batches b ON b.id = l.batch_id
      WHERE l.batch_id = ${batchId} AND l.amount <> 0
    ), moved AS (
      INSERT INTO liquidity_positions AS p (partner_id, currency, balance, position)
      SELECT partner_id, currency, net, net FROM nets ORDER BY partner_id COLLATE "C"
      ON CONFLICT (partner_id, currency) DO UPDATE
        SET balance = p.balance + excluded.balance, position = p.position + excluded.position, updated_at = now()
      RETURNING partner_id, currency, balance
    )
    INSERT INTO liquidity_entries (id, partner_id, currency, kind, amount, balance_after, batch_id)
    SELECT csp_new_id('lqe'), n.partner_id, n.currency, 'settlement', n.net, m.balance, n.batch_id
    FROM nets n JOIN moved m ON m.partner_id = n.partner_id AND m.currency = n.currency`);
}
