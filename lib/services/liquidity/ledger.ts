import { and, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { unixSeconds } from '@/lib/schemas/common';
import { liquidityLimit } from '@/lib/domain/liquidity';
import { formatMoney } from '@/lib/domain/money';
import type { ListLiquidityEntriesQuery, ListLiquidityQueueQuery } from '@/lib/schemas/liquidity';
import type { ServiceContext } from '@/lib/services/context';
import { requireNamespace } from '../guards';
import { byTime, keysetPage, tableFetch, type KeysetFetch } from '../paging';
import { keysetCsv } from '../export';

const { liquidityEntries: entries, liquidityQueue: queue, liquidityPositions: lp } = schema;
type EntryRow = typeof entries.$inferSelect;

export function serializeEntry(e: EntryRow) {
  return {
    token: e.id,
    partner_id: e.partnerId,
    currency: e.currency,
    kind: e.kind,
    amount: e.amount.toString(),
    balance_after: e.balanceAfter.toString(),
    reference: e.reference,
    note: e.note,
    batch_id: e.batchId,
    created_by: e.createdBy,
    created_at: unixSeconds(e.createdAt),
  };
}

/** A participant's ledger, newest first (index liquidity_entries_partner[_currency]_idx). */
const NEWEST_FIRST = byTime(entries.createdAt, entries.id, 'desc');

function entriesFetch(
  db: Db,
  partnerId: string,
  currency: string | undefined,
): KeysetFetch<{ row: EntryRow }> {
  const where = and(eq(entries.partnerId, partnerId), currency ? eq(entries.currency, currency) : undefined);
  return tableFetch(db, NEWEST_FIRST, where, entries);
}

/** The ledger of `partnerId` (the caller's namespace, or any for the operator). */
export async function listEntriesOf(db: Db, partnerId: string, q: ListLiquidityEntriesQuery) {
  const { rows, page } = await keysetPage(NEWEST_FIRST, q, entriesFetch(db, partnerId, q.currency));
  return { ...page, entries: rows.map((r) => serializeEntry(r.row)) };
}

export const listLiquidityEntries = (ctx: ServiceContext, q: ListLiquidityEntriesQuery) =>
  listEntriesOf(ctx.db, requireNamespace(ctx).id, q);

/** The ledger as CSV, newest first, with the filters of the list. */
export function exportLiquidityEntries(ctx: ServiceContext, q: Pick<ListLiquidityEntriesQuery, 'currency'>) {
  const ns = requireNamespace(ctx);
  return keysetCsv(
    [
      'entry',
      'created_at',
      'currency',
      'kind',
      'amount_minor',
      'balance_after_minor',
      'reference',
      'note',
      'batch_id',
      'created_by',
    ],
    entriesFetch(ctx.db, ns.id, q.currency),
    ({ row: e }) => [
      e.id,
      e.createdAt.toISOString(),
      e.currency,
      e.kind,
      e.amount.toString(),
      e.balanceAfter.toString(),
      e.reference ?? '',
      e.note ?? '',
      e.batchId ?? '',
      e.createdBy ?? '',
    ],
  );
}

/** The namespace's queued payments (as debtor), oldest first: the order they are released in. */
const OLDEST_FIRST = byTime(queue.queuedAt, queue.submissionId, 'asc');

export async function listLiquidityQueue(ctx: ServiceContext, q: ListLiquidityQueueQuery) {
  const ns = requireNamespace(ctx);
  const { rows, page } = await keysetPage(
    OLDEST_FIRST,
    q,
    tableFetch(ctx.db, OLDEST_FIRST, eq(queue.debtorPartnerId, ns.id), queue),
  );
  return {
    ...page,
    queue: rows.map(({ row }) => ({
      submission_id: row.submissionId,
      payment_id: row.paymentId,
      currency: row.currency,
      amount: row.amount.toString(),
      beneficiary_partner_id: row.beneficiaryPartnerId,
      queued_at: unixSeconds(row.queuedAt),
      expires_at: unixSeconds(row.expiresAt),
    })),
  };
}

const STEP_SECONDS = 300;
const WINDOW_SECONDS = 24 * 3600;

/**
 * The namespace's position over the last 24 hours in one currency, at the end of each 5-minute
 * step, walked back from the position now: each step undoes what moved it since — the payments
 * admitted (its debits less its credits, by clearing time) and the batches settled (their net,
 * by their ledger entries). Two aggregations over indexed ranges of the day, not a stored series.
 */
export async function liquidityIntraday(ctx: ServiceContext, currency: string, now = new Date()) {
  const ns = requireNamespace(ctx);
  const [row] = await ctx.db
    .select()
    .from(lp)
    .where(and(eq(lp.partnerId, ns.id), eq(lp.currency, currency)))
    .limit(1);
  const end = Math.ceil(now.getTime() / 1000 / STEP_SECONDS) * STEP_SECONDS;
  const start = end - WINDOW_SECONDS;
  const since = new Date(start * 1000).toISOString();
  const step = (column: SQL) =>
    sql`(floor(extract(epoch FROM ${column}) / ${STEP_SECONDS}) * ${STEP_SECONDS})::bigint`;
  const moves = rowsOf(
    await ctx.db.execute(sql`
      SELECT at, sum(delta)::text AS delta FROM (
        SELECT ${step(sql`cleared_at`)} AS at, amount_minor AS delta FROM transactions
        WHERE debtor_partner_id = ${ns.id} AND beneficiary_partner_id <> ${ns.id} AND currency = ${currency}
          AND cleared_at >= ${since}::timestamptz
        UNION ALL
        SELECT ${step(sql`cleared_at`)}, -amount_minor FROM transactions
        WHERE beneficiary_partner_id = ${ns.id} AND debtor_partner_id <> ${ns.id} AND currency = ${currency}
          AND cleared_at >= ${since}::timestamptz
        UNION ALL
        SELECT ${step(sql`created_at`)}, amount FROM liquidity_entries
        WHERE partner_id = ${ns.id} AND currency = ${currency} AND kind = 'settlement'
          AND created_at >= ${since}::timestamptz
      ) m GROUP BY at`),
  );
  const settled = await ctx.db
    .select({ at: entries.createdAt, batchId: entries.batchId, net: entries.amount })
    .from(entries)
    .where(
      and(
        eq(entries.partnerId, ns.id),
        eq(entries.currency, currency),
        eq(entries.kind, 'settlement'),
        sql`${entries.createdAt} >= ${since}::timestamptz`,
      ),
    )
    .orderBy(entries.createdAt);
  const byStep = new Map(moves.map((m) => [Number(m.at), BigInt(String(m.delta))]));
  // From now back: the position at the end of a step is the next step's less what moved in it.
  const points: Array<{ at: number; position: string }> = [];
  let position = row?.position ?? 0n;
  for (let at = end - STEP_SECONDS; at >= start; at -= STEP_SECONDS) {
    points.push({ at: at + STEP_SECONDS, position: position.toString() });
    position -= byStep.get(at) ?? 0n;
  }
  points.reverse();
  return {
    currency,
    limit: row ? (liquidityLimit(row)?.toString() ?? null) : null,
    points,
    cutoffs: settled.map((s) => ({
      at: unixSeconds(s.at),
      batch_id: s.batchId ?? '',
      net: s.net.toString(),
    })),
  };
}

/** A sentence of money for messages: "USD 1,250.50 (125050 minor units)". */
export const moneyWords = (minor: bigint, currency: string) =>
  `${formatMoney(minor.toString(), currency)} (${minor} minor units)`;
