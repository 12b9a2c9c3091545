import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { ValidationError } from '@/lib/errors';
import { csvLine } from '@/lib/domain/csv';
import { unitsOf } from '@/lib/domain/money';
import { unixSeconds } from '@/lib/schemas/common';
import type { SettlementStatementQuery } from '@/lib/schemas/settlements';
import type { ServiceContext } from '@/lib/services/context';
import { requireNamespace } from '../guards';

const { settlementBatches, settlementLeaves, settlementPartnerPositions, namespaces } = schema;

/** The most batches one statement lists; a longer period is refused with a clear error. */
const STATEMENT_BATCHES = 5000;

/**
 * A namespace's settlement statement over a period: each completed batch it took part in (cut-off
 * in [from, to)), its multilateral net and its bilateral nets per counterparty, and the totals per
 * currency. Read through the leaves' partner index, bounded by STATEMENT_BATCHES.
 */
export async function settlementStatement(ctx: ServiceContext, q: SettlementStatementQuery) {
  const ns = requireNamespace(ctx);
  const rows = await ctx.db
    .select({
      id: settlementBatches.id,
      currency: settlementBatches.currency,
      cutoffTime: settlementBatches.cutoffTime,
      kind: settlementLeaves.kind,
      amount: settlementLeaves.amount,
      txnCount: settlementLeaves.txnCount,
      counterpartyIds: settlementPartnerPositions.counterpartyIds,
      netAmounts: settlementPartnerPositions.netAmounts,
    })
    .from(settlementLeaves)
    .innerJoin(settlementBatches, eq(settlementBatches.id, settlementLeaves.batchId))
    .leftJoin(
      settlementPartnerPositions,
      and(
        eq(settlementPartnerPositions.batchId, settlementLeaves.batchId),
        eq(settlementPartnerPositions.partnerId, settlementLeaves.partnerId),
      ),
    )
    .where(
      and(
        eq(settlementLeaves.partnerId, ns.id),
        eq(settlementBatches.status, 'COMPLETED'),
        gte(settlementBatches.cutoffTime, new Date(q.from * 1000)),
        lt(settlementBatches.cutoffTime, new Date(q.to * 1000)),
      ),
    )
    .orderBy(asc(settlementBatches.cutoffTime), asc(settlementBatches.id))
    .limit(STATEMENT_BATCHES + 1);
  if (rows.length > STATEMENT_BATCHES)
    throw new ValidationError(
      `The period holds more than ${STATEMENT_BATCHES} batches of this namespace; choose a shorter one`,
      null,
    );
  const ids = [...new Set(rows.flatMap((r) => r.counterpartyIds ?? []))];
  const domains = new Map(
    ids.length
      ? (
          await ctx.db
            .select({ id: namespaces.id, domain: namespaces.domain })
            .from(namespaces)
            .where(inArray(namespaces.id, ids))
        ).map((n) => [n.id, n.domain])
      : [],
  );
  const totals = new Map<string, { batches: number; txn: number; receivable: bigint; payable: bigint }>();
  const batches = rows.map((r) => {
    const net = r.kind === 'creditor' ? r.amount : -r.amount;
    const t = totals.get(r.currency) ?? { batches: 0, txn: 0, receivable: 0n, payable: 0n };
    t.batches++;
    t.txn += r.txnCount;
    if (net > 0n) t.receivable += net;
    else t.payable += -net;
    totals.set(r.currency, t);
    return {
      batch_id: r.id,
      currency: r.currency,
      cutoff_time: unixSeconds(r.cutoffTime),
      txn_count: r.txnCount,
      net: net.toString(),
      positions: (r.counterpartyIds ?? []).map((id, i) => ({
        counterparty_id: id,
        counterparty_domain: domains.get(id) ?? null,
        net: (r.netAmounts?.[i] ?? 0n).toString(),
      })),
    };
  });
  return {
    partner_id: ns.id,
    domain: ns.domain,
    name: ns.name,
    from: q.from,
    to: q.to,
    generated_at: Math.floor(Date.now() / 1000),
    batches,
    totals: [...totals.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, t]) => ({
        currency,
        batches: t.batches,
        txn_count: t.txn,
        receivable: t.receivable.toString(),
        payable: t.payable.toString(),
        net: (t.receivable - t.payable).toString(),
      })),
  };
}

const STATEMENT_CSV_COLUMNS = [
  'line',
  'batch_id',
  'cutoff_time',
  'currency',
  'counterparty_domain',
  'counterparty_id',
  'net_minor',
  'net',
  'txn_count',
] as const;

/**
 * The statement as CSV: one `position` line per counterparty of each batch, one `batch` line with
 * the batch's multilateral net, then one `total` line per currency. Amounts in minor units and in
 * the currency's units (+ receives, − pays); times in UTC ISO 8601.
 */
export async function settlementStatementCsv(ctx: ServiceContext, q: SettlementStatementQuery) {
  const s = await settlementStatement(ctx, q);
  async function* lines() {
    yield csvLine(STATEMENT_CSV_COLUMNS);
    for (const b of s.batches) {
      const at = new Date(b.cutoff_time * 1000).toISOString();
      let chunk = '';
      for (const p of b.positions)
        chunk += csvLine([
          'position',
          b.batch_id,
          at,
          b.currency,
          p.counterparty_domain,
          p.counterparty_id,
          p.net,
          unitsOf(p.net, b.currency),
          '',
        ]);
      chunk += csvLine([
        'batch',
        b.batch_id,
        at,
        b.currency,
        '',
        '',
        b.net,
        unitsOf(b.net, b.currency),
        b.txn_count,
      ]);
      yield chunk;
    }
    for (const t of s.totals)
      yield csvLine(['total', '', '', t.currency, '', '', t.net, unitsOf(t.net, t.currency), t.txn_count]);
  }
  return lines();
}
