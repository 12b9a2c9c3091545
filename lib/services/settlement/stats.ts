import { sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { rowsOf } from '@/lib/db/rows';

/**
 * Operator: network-wide counts for the operator screen. Settlement figures come from the queue
 * and the completed batches (each settled transaction is in exactly one), not from a scan of
 * every transaction.
 */
export async function networkStats(ctx: ServiceContext) {
  const [row] = rowsOf(
    await ctx.db.execute(sql`
      SELECT
        (SELECT count(*) FROM organizations WHERE status = 'sandbox')::int AS orgs_sandbox,
        (SELECT count(*) FROM organizations WHERE status = 'verified')::int AS orgs_verified,
        (SELECT count(*) FROM organizations WHERE status = 'rejected')::int AS orgs_rejected,
        (SELECT count(*) FROM namespaces)::int AS namespaces,
        (SELECT count(*) FROM payments)::int AS payments,
        (SELECT count(*) FROM submissions WHERE status IN (1, 2))::int AS submissions_open,
        (SELECT count(*) FROM submissions WHERE status = 4)::int AS submissions_rejected,
        (SELECT count(*) FROM settlement_queue)::int AS transactions_awaiting_settlement,
        (SELECT coalesce(sum(txn_count), 0) FROM settlement_batches WHERE status = 'COMPLETED')::int AS transactions_settled,
        (SELECT count(*) FROM settlement_batches)::int AS batches`),
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    organizations: { sandbox: n('orgs_sandbox'), verified: n('orgs_verified'), rejected: n('orgs_rejected') },
    namespaces: n('namespaces'),
    payments: n('payments'),
    submissions_open: n('submissions_open'),
    submissions_rejected: n('submissions_rejected'),
    transactions_awaiting_settlement: n('transactions_awaiting_settlement'),
    transactions_settled: n('transactions_settled'),
    batches: n('batches'),
  };
}
