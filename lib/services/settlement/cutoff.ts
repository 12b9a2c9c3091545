import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { logger } from '@/lib/log/logger';
import { countBackgroundFailure } from '@/lib/metrics/metrics';
import { emitEvents } from '@/lib/events/emit';
import { fromBase64, rootFromLeafHashes, toBase64, TREE_VERSION } from '@/lib/settlement/merkle';
import { buildLevels } from '@/lib/settlement/merkle-levels';
import { rowsOf } from '@/lib/db/rows';
import { LOCKS } from '@/lib/db/locks';

import { recordAudit, type AuditContext } from '../audit/record';
import { settleLiquidity } from '../liquidity/settlement';
import { releaseLiquidityQueue } from '../liquidity/release';

const { settlementBatches, settlementLeaves, namespaces, auditHeads } = schema;

export interface CutoffOptions {
  /** Defaults to now. Transactions cleared at or before it are settled. */
  cutoffTime?: Date;
  /** Fault injection for tests: throw inside a currency's batch after this step. */
  failAfter?: 'assign' | 'leaves' | 'events';
  /** Who asked for it (the operator), for the network's audit trail; the schedule's run is not recorded. */
  requestedBy?: AuditContext;
}

export interface CutoffResult {
  ran: boolean;
  batches: Array<{ id: string; currency: string; status: 'COMPLETED' | 'FAILED'; txnCount: number }>;
}

/**
 * One cut-off: a batch per currency over every cleared, unbatched transaction up to the cut-off
 * time. Runs in one transaction holding an advisory lock, so one cut-off runs at a time across
 * instances and a crash leaves nothing half-done. Each currency's batch runs in a savepoint, its
 * liquidity moves included: a failure rolls that currency's work back (its transactions stay
 * unbatched for the next cut-off), records the batch as FAILED with its reason, tells its
 * participants (`settlement.batch.failed`), the log and the metrics, and the other currencies
 * settle (docs/decisions.md, "Failure isolated").
 */
export async function runCutoff(db: Db, options: CutoffOptions = {}): Promise<CutoffResult> {
  const result = await cutoffTransaction(db, options);
  // The settled debits are headroom again: what waited in the liquidity queue may go now.
  if (result.batches.some((b) => b.status === 'COMPLETED')) await releaseLiquidityQueue(db);
  return result;
}

async function cutoffTransaction(db: Db, options: CutoffOptions): Promise<CutoffResult> {
  const cutoff = options.cutoffTime ?? new Date();
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCKS.cutoff}) AS ok`);
    const requested = (result: CutoffResult) =>
      options.requestedBy
        ? recordAudit(tx, options.requestedBy, {
            action: 'settlement.cutoff_requested',
            target: { type: 'settlement_cutoff', id: null },
            orgId: null,
            partnerId: null,
            after: {
              cutoff_time: Math.floor(cutoff.getTime() / 1000),
              ran: result.ran,
              batches: result.batches.map((b) => b.id),
            },
          })
        : undefined;
    if (!rowsOf(locked)[0]?.ok) {
      await requested({ ran: false, batches: [] });
      return { ran: false, batches: [] };
    }
    // Under the lock no other cut-off's work is visible, so a PROCESSING batch here is stale.
    await releaseStale(tx);
    // The aggregation of a large batch runs in memory rather than in temporary files.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    const currencies = rowsOf(
      await tx.execute(
        sql`SELECT DISTINCT currency FROM settlement_queue WHERE cleared_at <= ${cutoff.toISOString()}::timestamptz ORDER BY currency`,
      ),
    ).map((r) => String(r.currency));
    const batches: CutoffResult['batches'] = [];
    for (const currency of currencies) {
      const id = newId('batch');
      try {
        const txnCount = await tx.transaction((sp) => settleCurrency(sp, id, currency, cutoff, options));
        batches.push({ id, currency, status: 'COMPLETED', txnCount });
      } catch (err) {
        logger.error({ err, batch: id, currency }, 'settlement batch failed; the other currencies went on');
        countBackgroundFailure('settlement_cutoff');
        // The savepoint rolled back: the transactions are unbatched again and show who took part.
        const participants = await participantsOf(tx, currency, cutoff);
        await tx.insert(settlementBatches).values({
          id,
          currency,
          cutoffTime: cutoff,
          status: 'FAILED',
          completedOn: new Date(),
          failureReason: failureWords(err),
        });
        await emitEvents(
          tx,
          participants.map((p) => ({
            type: 'settlement.batch.failed' as const,
            orgId: p.orgId,
            partnerId: p.partnerId,
            data: { batch_id: id, currency, cutoff_time: Math.floor(cutoff.getTime() / 1000) },
          })),
        );
        batches.push({ id, currency, status: 'FAILED', txnCount: 0 });
      }
    }
    await requested({ ran: true, batches });
    return { ran: true, batches };
  });
}

/**
 * Why a batch failed, as its participants read it (`failure_reason`): the innermost error's words
 * ("bigint out of range"), never the statement Drizzle wraps them with.
 */
function failureWords(err: unknown): string {
  let e = err as { cause?: unknown; message?: unknown };
  for (let i = 0; i < 5 && e.cause && typeof e.cause === 'object'; i++) e = e.cause as typeof e;
  return String(e.message ?? err).slice(0, 500);
}

/** The namespaces of the transactions a failed batch would have taken (still queued after its rollback). */
async function participantsOf(tx: Tx, currency: string, cutoff: Date) {
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT n.id AS partner_id, n.org_id FROM namespaces n WHERE n.id IN (
        SELECT unnest(ARRAY[t.debtor_partner_id, t.beneficiary_partner_id]) FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
        WHERE q.currency = ${currency} AND q.cleared_at <= ${cutoff.toISOString()}::timestamptz AND t.status = 2)`),
  );
  return rows.map((r) => ({ partnerId: String(r.partner_id), orgId: String(r.org_id) }));
}

/**
 * Takes the currency's queued transactions and settles them, and writes the batch's leaves and
 * positions, in one statement: each transaction is read once and written once (a HOT update,
 * see lib/db/schema/payments.ts), and the netting is one aggregation of the updated rows.
 *
 * The queue holds exactly the transactions in status 2 (the insert trigger adds them, a cut-off
 * or the recovery below moves them out and back), so the transactions to settle are those in
 * status 2 from the earliest queued clearing time up to the cut-off: a range scan in clearing
 * order instead of one index probe per queued row. Rows the statement cannot see (committed
 * after it started) are neither dequeued nor settled, and wait for the next cut-off.
 *
 * `pairs` nets each unordered pair of namespaces {x < y} (net of x: credits from y − debits to
 * y; on-us transactions, x = y, are counted but not netted); each pair then gives x its net and
 * y the opposite, and a partner's leaf is the sum of its bilateral nets.
 */
async function takeAndNet(tx: Tx, id: string, currency: string, cutoff: Date, now: Date) {
  const [row] = rowsOf(
    await tx.execute(sql`
      WITH taken AS (
        DELETE FROM settlement_queue
        WHERE currency = ${currency} AND cleared_at <= ${cutoff.toISOString()}::timestamptz
        RETURNING cleared_at
      ), settled AS (
        UPDATE transactions SET batch_id = ${id}, status = 3, settled_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        WHERE currency = ${currency} AND status = 2
          AND cleared_at >= (SELECT min(cleared_at) FROM taken) AND cleared_at <= ${cutoff.toISOString()}::timestamptz
        RETURNING debtor_partner_id AS d, beneficiary_partner_id AS b, amount_minor AS a, cleared_at AS c, initiated_at AS i
      ), rolled AS (
        -- The overview's figures (lib/services/overview/deltas.ts): the payments move from admitted
        -- to settled on their creation day, and leave the cleared-not-settled sums.
        INSERT INTO namespace_rollup_deltas (partner_id, metric, day, key, currency, count, amount)
        SELECT party, 'volume', day, k.key, ${currency}, sum(k.sign * n), sum(k.sign * a)
        FROM (SELECT d, b, csp_utc_day(i) AS day, count(*) AS n, sum(a) AS a FROM settled GROUP BY 1, 2, 3) g
        CROSS JOIN LATERAL (VALUES (d), (CASE WHEN b <> d THEN b END), ('_network')) AS p(party)
        CROSS JOIN LATERAL (VALUES ('admitted', -1), ('settled', 1)) AS k(key, sign)
        WHERE party IS NOT NULL GROUP BY 1, 3, 4
        UNION ALL
        SELECT party, 'awaiting', DATE '1970-01-01', key, ${currency}, -sum(n), -sum(amount)
        FROM (SELECT d, b, count(*) AS n, sum(a) AS a FROM settled GROUP BY 1, 2) g
        CROSS JOIN LATERAL (VALUES (d, 'out', a), (b, 'in', a), (d, 'txn', 0),
          (CASE WHEN b <> d THEN b END, 'txn', 0), ('_network', 'txn', a)) AS m(party, key, amount)
        WHERE party IS NOT NULL GROUP BY 1, 4
      ), pairs AS (
        SELECT least(d, b) AS x, greatest(d, b) AS y, sum(CASE WHEN d = b THEN 0 WHEN d < b THEN -a ELSE a END) AS net,
          count(*) AS n, min(c) AS first, max(c) AS last
        FROM settled GROUP BY 1, 2
      ), sides AS (
        SELECT x AS p, y AS cp, net, n FROM pairs
        UNION ALL
        SELECT y, x, -net, n FROM pairs WHERE x <> y
      ), partners AS (
        SELECT p, sum(net) AS net, sum(n)::int AS n,
          array_agg(cp) FILTER (WHERE cp <> p) AS cps, array_agg(net) FILTER (WHERE cp <> p) AS nets
        FROM sides GROUP BY p
      ), leaves AS (
        INSERT INTO settlement_leaves (batch_id, partner_id, leaf_index, kind, amount, leaf_hash, txn_count)
        SELECT ${id}, p, leaf_index, kind, amount,
          encode(sha256(decode('00', 'hex') || convert_to(${id}::text || '|' || p || '|' || ${currency}::text || '|' || kind || '|' || amount::text, 'UTF8')), 'base64'), n
        FROM (
          SELECT p, (row_number() OVER (ORDER BY p COLLATE "C")) - 1 AS leaf_index,
            CASE WHEN net >= 0 THEN 'creditor' ELSE 'debtor' END AS kind, abs(net) AS amount, n
          FROM partners
        ) l
      ), positions AS (
        INSERT INTO settlement_partner_positions (batch_id, partner_id, currency, counterparty_ids, net_amounts)
        SELECT ${id}, p, ${currency}, cps, nets FROM partners WHERE cps IS NOT NULL
      )
      SELECT coalesce(sum(n), 0)::int AS n, min(first) AS first, max(last) AS last FROM pairs`),
  );
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return { txnCount: Number(row?.n ?? 0), firstClearedAt: date(row?.first), lastClearedAt: date(row?.last) };
}

async function settleCurrency(
  tx: Tx,
  id: string,
  currency: string,
  cutoff: Date,
  options: CutoffOptions,
): Promise<number> {
  await tx.insert(settlementBatches).values({ id, currency, cutoffTime: cutoff, status: 'PROCESSING' });
  const now = new Date();
  const taken = await takeAndNet(tx, id, currency, cutoff, now);
  if (options.failAfter === 'assign') throw new Error('injected fault after assign');

  // The leaf hashes were computed in SQL (SHA-256 of 0x00 ‖ the leaf input, DESIGN §6); the tree
  // is built here with the code that serves the proofs. verifyBatch recomputes both independently.
  const leaves = await tx
    .select({
      partnerId: settlementLeaves.partnerId,
      kind: settlementLeaves.kind,
      amount: settlementLeaves.amount,
      txnCount: settlementLeaves.txnCount,
      leafHash: settlementLeaves.leafHash,
    })
    .from(settlementLeaves)
    .where(eq(settlementLeaves.batchId, id))
    .orderBy(settlementLeaves.leafIndex);
  if (options.failAfter === 'leaves') throw new Error('injected fault after leaves');
  const levels = leaves.length > 0 ? buildLevels(leaves.map((l) => fromBase64(l.leafHash))) : null;
  const root = toBase64(levels ? levels[levels.length - 1]![0]! : await rootFromLeafHashes([]));
  await tx
    .update(settlementBatches)
    .set({
      status: 'COMPLETED',
      completedOn: now,
      rootHash: root,
      treeVersion: TREE_VERSION,
      leavesCount: leaves.length,
      rootCreatedAt: now,
      txnCount: taken.txnCount,
      firstClearedAt: taken.firstClearedAt,
      lastClearedAt: taken.lastClearedAt,
    })
    .where(eq(settlementBatches.id, id));

  const orgs = leaves.length
    ? await tx
        .select({ id: namespaces.id, orgId: namespaces.orgId })
        .from(namespaces)
        .where(
          inArray(
            namespaces.id,
            leaves.map((l) => l.partnerId),
          ),
        )
    : [];
  const orgOf = new Map(orgs.map((o) => [o.id, o.orgId]));
  // The participants' audit chain heads as they stand (docs/audit.md): a trail later cut short at
  // its end no longer reaches what its batches recorded.
  const participantOrgs = [...new Set(orgs.map((o) => o.orgId))];
  if (participantOrgs.length) {
    const heads = await tx
      .select({ chain: auditHeads.chain, pos: auditHeads.pos, hash: auditHeads.hash })
      .from(auditHeads)
      .where(inArray(auditHeads.chain, participantOrgs));
    await tx
      .update(settlementBatches)
      .set({ auditHeads: Object.fromEntries(heads.map((h) => [h.chain, { pos: h.pos, hash: h.hash }])) })
      .where(eq(settlementBatches.id, id));
  }
  await emitEvents(
    tx,
    leaves.map((l) => ({
      type: 'settlement.batch.completed' as const,
      orgId: orgOf.get(l.partnerId)!,
      partnerId: l.partnerId,
      data: {
        batch_id: id,
        currency,
        cutoff_time: Math.floor(cutoff.getTime() / 1000),
        root_hash: root,
        kind: l.kind,
        amount: l.amount.toString(),
        txn_count: l.txnCount,
      },
    })),
  );
  if (options.failAfter === 'events') throw new Error('injected fault after events');
  // The batch's nets move its participants' balances and positions (DESIGN §11), in its savepoint:
  // a balance that cannot take its net fails this currency's batch alone.
  await settleLiquidity(tx, id);
  return taken.txnCount;
}

/**
 * Start-up recovery. Cut-offs are atomic, so a PROCESSING batch can only come from an older
 * release or a manual intervention: it is failed and its transactions released, never counted twice.
 */
export async function recoverStaleBatches(db: Db): Promise<number> {
  return db.transaction((tx) => releaseStale(tx));
}

async function releaseStale(tx: Tx): Promise<number> {
  const stale = await tx
    .select({ id: settlementBatches.id })
    .from(settlementBatches)
    .where(eq(settlementBatches.status, 'PROCESSING'))
    .for('update', { skipLocked: true });
  for (const b of stale) {
    // No index leads from a batch to its transactions (see lib/db/schema/payments.ts): this rare
    // path scans the table. The released transactions go back to the queue.
    await tx.execute(sql`
      WITH released AS (
        UPDATE transactions SET batch_id = NULL, status = 2, settled_at = NULL WHERE batch_id = ${b.id}
        RETURNING id, currency, cleared_at, payment_pk, debtor_partner_id AS d, beneficiary_partner_id AS b, amount_minor AS a, initiated_at AS i
      ), queued AS (
        INSERT INTO settlement_queue (transaction_id, currency, cleared_at, payment_pk, debtor_partner_id, beneficiary_partner_id, payment_created_at)
        SELECT r.id, r.currency, r.cleared_at, r.payment_pk, r.d, r.b, p.created_at
        FROM released r JOIN payments p ON p.id = r.payment_pk ON CONFLICT DO NOTHING
      )
      -- Back from settled to admitted, and cleared-not-settled again (lib/services/overview/deltas.ts).
      INSERT INTO namespace_rollup_deltas (partner_id, metric, day, key, currency, count, amount)
      SELECT party, 'volume', csp_utc_day(i), k.key, currency, sum(k.sign), sum(k.sign * a)
      FROM released CROSS JOIN LATERAL (VALUES (d), (CASE WHEN b <> d THEN b END), ('_network')) AS p(party)
      CROSS JOIN LATERAL (VALUES ('settled', -1), ('admitted', 1)) AS k(key, sign)
      WHERE party IS NOT NULL GROUP BY 1, 3, 4, 5
      UNION ALL
      SELECT party, 'awaiting', DATE '1970-01-01', key, currency, count(*), sum(amount)
      FROM released CROSS JOIN LATERAL (VALUES (d, 'out', a), (b, 'in', a), (d, 'txn', 0),
        (CASE WHEN b <> d THEN b END, 'txn', 0), ('_network', 'txn', a)) AS m(party, key, amount)
      WHERE party IS NOT NULL GROUP BY 1, 4, 5`);
    await tx
      .delete(schema.settlementPartnerPositions)
      .where(eq(schema.settlementPartnerPositions.batchId, b.id));
    await tx.delete(settlementLeaves).where(eq(settlementLeaves.batchId, b.id));
    await tx
      .update(settlementBatches)
      .set({
        status: 'FAILED',
        completedOn: new Date(),
        failureReason: 'Left PROCESSING by an interrupted cut-off; transactions released',
      })
      .where(eq(settlementBatches.id, b.id));
  }
  return stale.length;
}
