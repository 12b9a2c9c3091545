import { sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db';

/**
 * A cut-off's completed batches move the participants' liquidity (DESIGN §11): each participant's
 * multilateral net (its leaf: creditor +, debtor −) is a `settlement` entry of its ledger, added to
 * its balance, and its position drops by the debits less the credits now settled — that is, moves
 * by the same net. One statement for every batch of the cut-off, in its transaction and at its end,
 * so the position rows are locked only from there to the commit (admissions of those participants
 * wait that long, not for the whole cut-off), in the order every writer of positions uses. A
 * participant whose net is zero has no entry. Σ of a batch's entries is 0, as Σ of its leaves is.
 */
export async function settleLiquidity(tx: Tx, batchIds: string[]): Promise<void> {
  if (batchIds.length === 0) return;
  await tx.execute(sql`
    WITH nets AS (
      SELECT l.partner_id, b.currency, b.id AS batch_id,
        CASE WHEN l.kind = 'creditor' THEN l.amount ELSE -l.amount END AS net
      FROM settlement_leaves l JOIN settlement_batches b ON b.id = l.batch_id
      WHERE l.batch_id = ANY(${sql.param(batchIds)}::text[]) AND l.amount <> 0
    ), moved AS (
      INSERT INTO liquidity_positions AS p (partner_id, currency, balance, position)
      SELECT partner_id, currency, net, net FROM nets ORDER BY currency, partner_id COLLATE "C"
      ON CONFLICT (partner_id, currency) DO UPDATE
        SET balance = p.balance + excluded.balance, position = p.position + excluded.position, updated_at = now()
      RETURNING partner_id, currency, balance
    )
    INSERT INTO liquidity_entries (id, partner_id, currency, kind, amount, balance_after, batch_id)
    SELECT csp_new_id('lqe'), n.partner_id, n.currency, 'settlement', n.net, m.balance, n.batch_id
    FROM nets n JOIN moved m ON m.partner_id = n.partner_id AND m.currency = n.currency`);
}
