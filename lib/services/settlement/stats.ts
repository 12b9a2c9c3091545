import { sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { rowsOf } from '@/lib/db/rows';
import { NETWORK } from '../overview/deltas';

/** The count of accounts awaiting review stops here (a queue that long says enough). */
const ACCOUNTS_CAP = 10_000;

/**
 * Operator: network-wide counts for the operator screen. The payments by status and the
 * transactions awaiting settlement come from the counters the writes keep for the network
 * (`_network` in the rollups, lib/services/overview/deltas.ts): the folded rows plus the deltas
 * not yet folded, a few hundred rows whatever the history's size — not a count of 10^7 payments.
 * Organizations, namespaces and batches are counted as they are (tables of the network's
 * participants and cut-offs, not of its payments). The production accounts awaiting the operator's
 * review are read from the review queue's partial index (accounts_review_queue_idx), counted up to
 * ACCOUNTS_CAP.
 */

export async function networkStats(ctx: ServiceContext) {
  const figures = (table: string) =>
    sql`SELECT metric, key, count FROM ${sql.identifier(table)} WHERE partner_id = ${NETWORK}`;
  const [row] = rowsOf(
    await ctx.db.execute(sql`
      WITH network AS (${figures('namespace_rollups')} UNION ALL ${figures('namespace_rollup_deltas')})
      SELECT
        (SELECT count(*) FROM organizations WHERE status = 'sandbox')::int AS orgs_sandbox,
        (SELECT count(*) FROM organizations WHERE status = 'verified')::int AS orgs_verified,
        (SELECT count(*) FROM organizations WHERE status = 'rejected')::int AS orgs_rejected,
        (SELECT count(*) FROM (
          SELECT 1 FROM accounts a JOIN namespaces n ON n.id = a.partner_id
          WHERE a.status = 'unverified' AND NOT a.rejected AND n.environment = 'production'
          LIMIT ${ACCOUNTS_CAP}) q)::int AS accounts_awaiting,
        (SELECT count(*) FROM namespaces)::int AS namespaces,
        (SELECT coalesce(sum(count), 0) FROM network WHERE metric = 'volume')::bigint AS payments,
        (SELECT coalesce(sum(count), 0) FROM network WHERE metric = 'volume' AND key IN ('pending', 'on_hold'))::bigint AS submissions_open,
        (SELECT coalesce(sum(count), 0) FROM network WHERE metric = 'volume' AND key = 'rejected')::bigint AS submissions_rejected,
        (SELECT coalesce(sum(count), 0) FROM network WHERE metric = 'awaiting' AND key = 'txn')::bigint AS transactions_awaiting_settlement,
        (SELECT coalesce(sum(count), 0) FROM network WHERE metric = 'volume' AND key = 'settled')::bigint AS transactions_settled,
        (SELECT count(*) FROM settlement_batches)::int AS batches`),
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    organizations: { sandbox: n('orgs_sandbox'), verified: n('orgs_verified'), rejected: n('orgs_rejected') },
    accounts_awaiting_verification: n('accounts_awaiting'),
    namespaces: n('namespaces'),
    payments: n('payments'),
    submissions_open: n('submissions_open'),
    submissions_rejected: n('submissions_rejected'),
    transactions_awaiting_settlement: n('transactions_awaiting_settlement'),
    transactions_settled: n('transactions_settled'),
    batches: n('batches'),
  };
}
