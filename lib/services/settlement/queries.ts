import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { NotFoundError } from '@/lib/errors';
import { unixSeconds } from '@/lib/schemas/common';
import { fromBase64, toBase64 } from '@/lib/settlement/merkle';
import { buildLevels, proofFromLevels } from '@/lib/settlement/merkle-levels';
import { unitsOf } from '@/lib/domain/money';
import { keysetCsv } from '../export';
import { requireNamespace } from '../guards';
import { byTime, inOrder, keysetPage, queryFetch, tableFetch, unionFetch, type Keyset } from '../paging';
import { serializeTransaction } from '../lifecycle/serialize';
import type {
  GetNetworkSettlementQuery,
  ListNetworkSettlementsQuery,
  ListSettlementsQuery,
  ListSettlementTransactionsQuery,
  SettlementFilters,
} from '@/lib/schemas/settlements';

const {
  settlementBatches,
  settlementLeaves,
  settlementPartnerPositions,
  transactions,
  transactionLines,
  namespaces,
} = schema;
type BatchRow = typeof settlementBatches.$inferSelect;

function serializeSummary(b: BatchRow, txnCount: number) {
  return {
    token: b.id,
    cutoff_time: unixSeconds(b.cutoffTime),
    started_on: unixSeconds(b.startedOn),
    completed_on: b.completedOn ? unixSeconds(b.completedOn) : null,
    status: b.status,
    txn_count: txnCount,
    currency: b.currency,
  };
}

/** Batches the partner took part in (it has a leaf), newest cut-off first: what the list pages and the export streams. */
function batchesFetch(ctx: ServiceContext, q: SettlementFilters) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [eq(settlementLeaves.partnerId, ns.id)];
  if (q.status) where.push(eq(settlementBatches.status, q.status));
  if (q.cutoff_from !== undefined)
    where.push(gte(settlementBatches.cutoffTime, new Date(q.cutoff_from * 1000)));
  if (q.cutoff_to !== undefined)
    where.push(lte(settlementBatches.cutoffTime, new Date(q.cutoff_to * 1000 + 999)));
  return queryFetch<{
    batch: BatchRow;
    leaf: { txnCount: number; kind: 'creditor' | 'debtor'; amount: bigint };
  }>(
    ctx.db,
    NEWEST_CUTOFF_FIRST,
    and(...where),
    (keys) =>
      ctx.db
        .select({
          batch: settlementBatches,
          leaf: {
            txnCount: settlementLeaves.txnCount,
            kind: settlementLeaves.kind,
            amount: settlementLeaves.amount,
          },
          keys,
        })
        .from(settlementBatches)
        .innerJoin(settlementLeaves, eq(settlementLeaves.batchId, settlementBatches.id))
        .$dynamic(),
    () =>
      ctx.db
        .select({ one: sql`1` })
        .from(settlementBatches)
        .innerJoin(settlementLeaves, eq(settlementLeaves.batchId, settlementBatches.id))
        .$dynamic(),
  );
}

export async function listBatches(ctx: ServiceContext, q: ListSettlementsQuery) {
  const { rows, page } = await keysetPage(NEWEST_CUTOFF_FIRST, q, batchesFetch(ctx, q));
  const { count, count_capped, ...rest } = page;
  return {
    total: count,
    total_capped: count_capped,
    ...rest,
    batches: rows.map((r) => serializeSummary(r.batch, r.leaf.txnCount)),
  };
}

/**
 * The batches list (the same filters) as CSV, newest cut-off first, streamed: each batch with the
 * namespace's multilateral net in it (positive: the namespace receives), in minor units and in units.
 */
export async function exportBatches(ctx: ServiceContext, q: SettlementFilters) {
  return keysetCsv(
    [
      'batch_id',
      'currency',
      'status',
      'cutoff_time',
      'completed_on',
      'txn_count',
      'position',
      'net_minor',
      'net',
    ],
    inOrder(NEWEST_CUTOFF_FIRST, batchesFetch(ctx, q), q.order),
    ({ batch: b, leaf }) => {
      const net = leaf.kind === 'creditor' ? leaf.amount : -leaf.amount;
      return [
        b.id,
        b.currency,
        b.status,
        b.cutoffTime.toISOString(),
        b.completedOn?.toISOString() ?? '',
        leaf.txnCount,
        net === 0n ? 'flat' : net > 0n ? 'receives' : 'pays',
        net.toString(),
        unitsOf(net, b.currency),
      ];
    },
  );
}

async function batchForPartner(ctx: ServiceContext, batchId: string) {
  const ns = requireNamespace(ctx);
  const [row] = await ctx.db
    .select({ batch: settlementBatches, leaf: settlementLeaves })
    .from(settlementBatches)
    .innerJoin(
      settlementLeaves,
      and(eq(settlementLeaves.batchId, settlementBatches.id), eq(settlementLeaves.partnerId, ns.id)),
    )
    .where(eq(settlementBatches.id, batchId))
    .limit(1);
  if (!row) throw new NotFoundError(`Settlement batch ${batchId} not found`);
  return { ...row, partnerId: ns.id };
}

export async function getBatch(ctx: ServiceContext, batchId: string) {
  const { batch, leaf, partnerId } = await batchForPartner(ctx, batchId);
  const [row] = await ctx.db
    .select()
    .from(settlementPartnerPositions)
    .where(
      and(
        eq(settlementPartnerPositions.batchId, batchId),
        eq(settlementPartnerPositions.partnerId, partnerId),
      ),
    )
    .limit(1);
  const positions = (row?.counterpartyIds ?? [])
    .map((counterpartyId, i) => ({ counterpartyId, net: BigInt(row!.netAmounts[i]!) }))
    .sort((a, b) => (a.counterpartyId < b.counterpartyId ? -1 : a.counterpartyId > b.counterpartyId ? 1 : 0));
  // The counterparties' names and domains, for labels (one lookup by key for the batch's few).
  const named = positions.length
    ? await ctx.db
        .select({ id: namespaces.id, name: namespaces.name, domain: namespaces.domain })
        .from(namespaces)
        .where(
          inArray(
            namespaces.id,
            positions.map((p) => p.counterpartyId),
          ),
        )
    : [];
  const nameOf = new Map(named.map((n) => [n.id, n]));
  const completed = batch.status === 'COMPLETED' && batch.rootHash;
  return {
    summary: serializeSummary(batch, leaf.txnCount),
    merkle_root: completed
      ? {
          root_hash: batch.rootHash!,
          version: batch.treeVersion!,
          leaves_count: batch.leavesCount!,
          created_at: batch.rootCreatedAt!.toISOString(),
        }
      : null,
    merkle_leaf: completed
      ? {
          partner_id: leaf.partnerId,
          kind: leaf.kind,
          amount: leaf.amount.toString(),
          leaf_hash: leaf.leafHash,
          leaf_index: leaf.leafIndex,
        }
      : null,
    positions: positions.map((p) => ({
      counterparty_id: p.counterpartyId,
      counterparty_name: nameOf.get(p.counterpartyId)?.name ?? null,
      counterparty_domain: nameOf.get(p.counterpartyId)?.domain ?? null,
      currency: row!.currency,
      position_type: p.net >= 0n ? ('Credit' as const) : ('Debit' as const),
      net_amount: (p.net >= 0n ? p.net : -p.net).toString(),
    })),
  };
}

/** The audit path of the partner's leaf, so it can check its inclusion against the root itself. */
export async function getProof(ctx: ServiceContext, batchId: string) {
  const { batch, leaf } = await batchForPartner(ctx, batchId);
  if (batch.status !== 'COMPLETED') throw new NotFoundError(`Settlement batch ${batchId} has no merkle tree`);
  const levels = await treeOf(ctx, batchId, batch.rootHash!);
  const path = proofFromLevels(levels, leaf.leafIndex);
  return {
    leaf_index: leaf.leafIndex,
    tree_size: levels[0]!.length,
    leaf_hash: leaf.leafHash,
    root_hash: batch.rootHash!,
    audit_path: path.map(toBase64),
  };
}

/** A completed batch's tree never changes: the last few are kept in memory, keyed by batch and root. */
const TREE_CACHE_SIZE = 8;
const treeCache = new Map<string, Uint8Array[][]>();
async function treeOf(ctx: ServiceContext, batchId: string, rootHash: string): Promise<Uint8Array[][]> {
  const key = `${batchId}|${rootHash}`;
  const cached = treeCache.get(key);
  if (cached) return cached;
  const leaves = await ctx.db
    .select({ h: settlementLeaves.leafHash })
    .from(settlementLeaves)
    .where(eq(settlementLeaves.batchId, batchId))
    .orderBy(settlementLeaves.leafIndex);
  const levels = buildLevels(leaves.map((l) => fromBase64(l.h)));
  // Served only if it reproduces the stored root.
  if (toBase64(levels[levels.length - 1]![0]!) !== rootHash)
    throw new Error(`Settlement batch ${batchId}: stored leaves do not reproduce the root`);
  treeCache.set(key, levels);
  if (treeCache.size > TREE_CACHE_SIZE) treeCache.delete(treeCache.keys().next().value!);
  return levels;
}

/**
 * The partner's transactions in the batch. No index leads from a batch to its transactions (the
 * settling update must not touch an index); the partner's transactions are read by partner and
 * clearing time, within the batch's clearing-time range, and filtered by batch.
 */
/**
 * A batch's transactions by clearing-time range: the batch's own range of its currency (no index
 * may cover `batch_id`, which the cut-off writes: docs/benchmarks.md, "Settlement").
 */
function partnerBatchRange(batch: BatchRow): SQL {
  const range =
    batch.firstClearedAt && batch.lastClearedAt
      ? sql` and ${transactions.clearedAt} between ${batch.firstClearedAt.toISOString()}::timestamptz and ${batch.lastClearedAt.toISOString()}::timestamptz`
      : sql``;
  return sql`${transactions.batchId} = ${batch.id}${range}`;
}

/** A partner's transactions of a batch, first cleared first (indexes (debtor | beneficiary, cleared_at, id)). */
const FIRST_CLEARED_FIRST = byTime(transactions.clearedAt, transactions.id, 'asc');

/** Batches, newest cut-off first. */
const NEWEST_CUTOFF_FIRST = byTime(settlementBatches.cutoffTime, settlementBatches.id, 'desc');

export async function listBatchTransactions(
  ctx: ServiceContext,
  batchId: string,
  q: ListSettlementTransactionsQuery,
) {
  const { batch, leaf, partnerId } = await batchForPartner(ctx, batchId);
  const inBatch = partnerBatchRange(batch);
  const branches = (['debtor', 'beneficiary'] as const).map((side) => ({
    keyset: FIRST_CLEARED_FIRST,
    id: transactions.id,
    from:
      side === 'debtor'
        ? sql`from ${transactions} where ${transactions.debtorPartnerId} = ${partnerId} and ${inBatch}`
        : sql`from ${transactions} where ${transactions.beneficiaryPartnerId} = ${partnerId} and ${transactions.debtorPartnerId} <> ${partnerId} and ${inBatch}`,
  }));
  const load = async (ids: string[]) =>
    ids.length === 0 ? [] : ctx.db.select().from(transactions).where(inArray(transactions.id, ids));
  const fetch = unionFetch(ctx.db, branches, load);
  // The partner's leaf counted its transactions in the batch at the cut-off: exact, and free.
  fetch.count = async () => leaf.txnCount;
  fetch.exactCount = true;
  const { rows, page } = await keysetPage(FIRST_CLEARED_FIRST, q, fetch);
  const lines = rows.length
    ? await ctx.db
        .select()
        .from(transactionLines)
        .where(
          inArray(
            transactionLines.transactionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const { count, count_capped, ...rest } = page;
  return {
    total: count,
    total_capped: count_capped,
    ...rest,
    transactions: rows.map((t) =>
      serializeTransaction(
        t,
        lines.filter((l) => l.transactionId === t.id),
      ),
    ),
  };
}

export async function getBatchTransaction(ctx: ServiceContext, batchId: string, transactionId: string) {
  const { partnerId } = await batchForPartner(ctx, batchId);
  const [t] = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, transactionId),
        eq(transactions.batchId, batchId),
        or(eq(transactions.debtorPartnerId, partnerId), eq(transactions.beneficiaryPartnerId, partnerId)),
      ),
    )
    .limit(1);
  if (!t) throw new NotFoundError(`Transaction ${transactionId} not found in batch ${batchId}`);
  const lines = await ctx.db.select().from(transactionLines).where(eq(transactionLines.transactionId, t.id));
  return serializeTransaction(t, lines);
}

/** Operator: the latest batches across the network. */
export async function listNetworkBatches(ctx: ServiceContext, q: ListNetworkSettlementsQuery) {
  const { rows: found, page } = await keysetPage(
    NEWEST_CUTOFF_FIRST,
    q,
    tableFetch(ctx.db, NEWEST_CUTOFF_FIRST, undefined, settlementBatches),
  );
  const rows = found.map((r) => r.row);
  const { count, count_capped, ...rest } = page;
  return {
    total: count,
    total_capped: count_capped,
    ...rest,
    batches: rows.map(serializeNetworkBatch),
  };
}

const serializeNetworkBatch = (b: BatchRow) => ({
  ...serializeSummary(b, b.txnCount),
  root_hash: b.rootHash,
  leaves_count: b.leavesCount,
  failure_reason: b.failureReason,
});

/** A batch's participants, by namespace id (the leaves' primary key). */
const BY_PARTNER: Keyset = {
  keys: [{ column: settlementLeaves.partnerId, type: 'text' }],
  direction: 'asc',
};

/**
 * One batch as the network operator sees it: its summary and merkle root, and a page of its
 * participants' leaves (net amount, side, transactions) with their namespaces' names.
 */
export async function getNetworkBatch(ctx: ServiceContext, batchId: string, q: GetNetworkSettlementQuery) {
  const [batch] = await ctx.db
    .select()
    .from(settlementBatches)
    .where(eq(settlementBatches.id, batchId))
    .limit(1);
  if (!batch) throw new NotFoundError(`Settlement batch ${batchId} not found`);
  const inBatch = eq(settlementLeaves.batchId, batchId);
  const { rows, page } = await keysetPage(
    BY_PARTNER,
    q,
    queryFetch<{ leaf: typeof settlementLeaves.$inferSelect; domain: string | null; name: string | null }>(
      ctx.db,
      BY_PARTNER,
      inBatch,
      (keys) =>
        ctx.db
          .select({ leaf: settlementLeaves, domain: namespaces.domain, name: namespaces.name, keys })
          .from(settlementLeaves)
          .leftJoin(namespaces, eq(namespaces.id, settlementLeaves.partnerId))
          .$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(settlementLeaves)
          .$dynamic(),
    ),
  );
  const { count, count_capped, ...rest } = page;
  return {
    batch: serializeNetworkBatch(batch),
    total: count,
    total_capped: count_capped,
    ...rest,
    participants: rows.map((r) => ({
      partner_id: r.leaf.partnerId,
      domain: r.domain,
      name: r.name,
      kind: r.leaf.kind,
      amount: r.leaf.amount.toString(),
      txn_count: r.leaf.txnCount,
      leaf_index: r.leaf.leafIndex,
    })),
  };
}
