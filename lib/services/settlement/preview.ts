import { sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { rowsOf } from '@/lib/db/rows';
import { unixSeconds } from '@/lib/schemas/common';

export interface CutoffPreview {
  cutoff_time: number;
  transactions: number;
  currencies: Array<{
    currency: string;
    transactions: number;
    participants: number;
    gross: string;
    net: string;
  }>;
}

/**
 * Operator: what a cut-off run now would batch, per currency — the cleared transactions waiting in
 * the settlement queue up to this moment (exactly those a cut-off takes, lib/services/settlement/
 * cutoff.ts), the namespaces that would take part (on-us ones included, as their leaf is), the
 * gross (the sum of the amounts) and the net (the sum of the participants' positive multilateral
 * nets: what moves between them). Reads the queue, which holds only the transactions not yet
 * settled (one cut-off interval's worth), each joined to its transaction by key; nothing is written.
 */
export async function previewCutoff(ctx: ServiceContext, now = new Date()): Promise<CutoffPreview> {
  const rows = rowsOf(
    await ctx.db.execute(sql`
      WITH waiting AS (
        SELECT t.currency AS c, t.debtor_partner_id AS d, t.beneficiary_partner_id AS b, t.amount_minor AS a
        FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
        WHERE q.cleared_at <= ${now.toISOString()}::timestamptz AND t.status = 2
      ), sides AS (
        SELECT c, d AS p, CASE WHEN d = b THEN 0 ELSE -a END AS v FROM waiting
        UNION ALL
        SELECT c, b, a FROM waiting WHERE d <> b
      ), nets AS (
        SELECT c, p, sum(v) AS net FROM sides GROUP BY c, p
      )
      SELECT w.c AS currency, w.n, w.gross, n.participants, n.net
      FROM (SELECT c, count(*)::int AS n, sum(a)::text AS gross FROM waiting GROUP BY c) w
      JOIN (SELECT c, count(*)::int AS participants, coalesce(sum(net) FILTER (WHERE net > 0), 0)::text AS net
            FROM nets GROUP BY c) n ON n.c = w.c
      ORDER BY w.c`),
  );
  const currencies = rows.map((r) => ({
    currency: String(r.currency),
    transactions: Number(r.n),
    participants: Number(r.participants),
    gross: String(r.gross),
    net: String(r.net),
  }));
  return {
    cutoff_time: unixSeconds(now),
    transactions: currencies.reduce((s, c) => s + c.transactions, 0),
    currencies,
  };
}
