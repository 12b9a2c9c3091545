import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { logger } from '@/lib/api/logger';
import { emitEvents } from '../events/emit';
import { hashLeaf, leafInput, rootFromLeafHashes, toBase64, TREE_VERSION } from '@/lib/settlement/merkle';
import { rowsOf } from '@/lib/db/rows';

const { settlementBatches, settlementLeaves, transactions, namespaces } = schema;
const CUTOFF_LOCK = 7_260_002;

export interface CutoffOptions {
  /** Defaults to now. Transactions cleared at or before it are settled. */
  cutoffTime?: Date;
  /** Fault injection for tests: throw inside a currency's batch after this step. */
  failAfter?: 'assign' | 'positions' | 'leaves';
}

export interface CutoffResult {
  ran: boolean;
  batches: Array<{ id: string; currency: string; status: 'COMPLETED' | 'FAILED'; txnCount: number }>;
}

/**
 * One cut-off: a batch per currency over every cleared, unbatched transaction up to the cut-off
 * time. Runs in one transaction holding an advisory lock, so one cut-off runs at a time across
 * instances and a crash leaves nothing half-done. Each currency's batch runs in a savepoint: a
 * failure rolls its work back (its transactions stay unbatched for the next cut-off) and records
 * the batch as FAILED.
 */
export async function runCutoff(db: Db, options: CutoffOptions = {}): Promise<CutoffResult> {
  const cutoff = options.cutoffTime ?? new Date();
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${CUTOFF_LOCK}) AS ok`);
    if (!rowsOf(locked)[0]?.ok) return { ran: false, batches: [] };
    // Under the lock no other cut-off's work is visible, so a PROCESSING batch here is stale.
    await releaseStale(tx);
    const currencies = rowsOf(
      await tx.execute(sql`SELECT DISTINCT currency FROM transactions WHERE batch_id IS NULL AND status = 2 AND cleared_at <= ${cutoff.toISOString()}::timestamptz ORDER BY currency`),
    ).map((r) => String(r.currency));
    const batches: CutoffResult['batches'] = [];
    for (const currency of currencies) {
      const id = newId('batch');
      try {
        const txnCount = await tx.transaction((sp) => settleCurrency(sp, id, currency, cutoff, options));
        batches.push({ id, currency, status: 'COMPLETED', txnCount });
      } catch (err) {
        logger.error({ err, batch: id, currency }, 'settlement batch failed');
        // The savepoint rolled back: the transactions are unbatched again and show who took part.
        const participants = await participantsOf(tx, currency, cutoff);
        await tx.insert(settlementBatches).values({ id, currency, cutoffTime: cutoff, status: 'FAILED', completedOn: new Date(), failureReason: (err as Error).message.slice(0, 500) });
        await emitEvents(
          tx,
          participants.map((p) => ({ type: 'settlement.batch.failed' as const, orgId: p.orgId, partnerId: p.partnerId, data: { batch_id: id, currency, cutoff_time: Math.floor(cutoff.getTime() / 1000) } })),
        );
        batches.push({ id, currency, status: 'FAILED', txnCount: 0 });
      }
    }
    return { ran: true, batches };
  });
}


async function participantsOf(tx: Tx, currency: string, cutoff: Date) {
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT n.id AS partner_id, n.org_id FROM namespaces n WHERE n.id IN (
        SELECT debtor_partner_id FROM transactions WHERE batch_id IS NULL AND status = 2 AND currency = ${currency} AND cleared_at <= ${cutoff.toISOString()}::timestamptz
        UNION
        SELECT beneficiary_partner_id FROM transactions WHERE batch_id IS NULL AND status = 2 AND currency = ${currency} AND cleared_at <= ${cutoff.toISOString()}::timestamptz)`),
  );
  return rows.map((r) => ({ partnerId: String(r.partner_id), orgId: String(r.org_id) }));
}

async function settleCurrency(tx: Tx, id: string, currency: string, cutoff: Date, options: CutoffOptions): Promise<number> {
  await tx.insert(settlementBatches).values({ id, currency, cutoffTime: cutoff, status: 'PROCESSING' });
  // One pass over the transactions: batched and settled (status 3) together, their submissions
  // settled (status 6); a failure later rolls both back with the savepoint.
  const now = new Date();
  const counted = rowsOf(
    await tx.execute(sql`
      WITH t AS (
        UPDATE transactions SET batch_id = ${id}, status = 3, settled_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        WHERE batch_id IS NULL AND status = 2 AND currency = ${currency} AND cleared_at <= ${cutoff.toISOString()}::timestamptz
        RETURNING submission_id
      ), s AS (
        UPDATE submissions SET status = 6, updated_at = ${now.toISOString()}::timestamptz FROM t WHERE submissions.id = t.submission_id RETURNING 1
      )
      SELECT (SELECT count(*) FROM t)::int AS n, (SELECT count(*) FROM s)::int AS s`),
  );
  const assigned = { length: Number(counted[0]?.n ?? 0) };
  if (options.failAfter === 'assign') throw new Error('injected fault after assign');

  // Bilateral positions, in SQL: for each ordered pair, credits received minus debits paid.
  // Transactions inside one namespace are not netted.
  await tx.execute(sql`
    INSERT INTO settlement_positions (batch_id, partner_id, counterparty_id, currency, net_amount)
    SELECT ${id}, p, cp, ${currency}, SUM(amt) FROM (
      SELECT beneficiary_partner_id AS p, debtor_partner_id AS cp, amount_minor AS amt FROM transactions
        WHERE batch_id = ${id} AND debtor_partner_id <> beneficiary_partner_id
      UNION ALL
      SELECT debtor_partner_id, beneficiary_partner_id, -amount_minor FROM transactions
        WHERE batch_id = ${id} AND debtor_partner_id <> beneficiary_partner_id
    ) x GROUP BY p, cp`);
  if (options.failAfter === 'positions') throw new Error('injected fault after positions');

  // One leaf per participating namespace: its multilateral net (the sum of its bilateral nets),
  // ordered by partner id in byte order.
  await tx.execute(sql`
    INSERT INTO settlement_leaves (batch_id, partner_id, leaf_index, kind, amount, leaf_hash, txn_count)
    WITH parts AS (
      SELECT p, count(*)::int AS n FROM (
        SELECT debtor_partner_id AS p FROM transactions WHERE batch_id = ${id}
        UNION ALL
        SELECT beneficiary_partner_id FROM transactions WHERE batch_id = ${id} AND beneficiary_partner_id <> debtor_partner_id
      ) t GROUP BY p
    ), nets AS (
      SELECT partner_id AS p, SUM(net_amount) AS net FROM settlement_positions WHERE batch_id = ${id} GROUP BY partner_id
    )
    SELECT ${id}, parts.p, (row_number() OVER (ORDER BY parts.p COLLATE "C")) - 1,
      CASE WHEN COALESCE(nets.net, 0) >= 0 THEN 'creditor' ELSE 'debtor' END,
      ABS(COALESCE(nets.net, 0)), '', parts.n
    FROM parts LEFT JOIN nets ON nets.p = parts.p`);
  if (options.failAfter === 'leaves') throw new Error('injected fault after leaves');

  const leaves = await tx.select().from(settlementLeaves).where(eq(settlementLeaves.batchId, id)).orderBy(settlementLeaves.leafIndex);
  const hashes = await Promise.all(leaves.map((l) => hashLeaf(leafInput({ batchId: id, partnerId: l.partnerId, currency, kind: l.kind, amount: l.amount.toString() }))));
  if (leaves.length > 0) {
    const values = sql.join(
      leaves.map((l, i) => sql`(${l.partnerId}, ${toBase64(hashes[i]!)})`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE settlement_leaves s SET leaf_hash = v.h FROM (VALUES ${values}) AS v(p, h) WHERE s.batch_id = ${id} AND s.partner_id = v.p`);
  }
  const root = toBase64(await rootFromLeafHashes(hashes));
  await tx
    .update(settlementBatches)
    .set({ status: 'COMPLETED', completedOn: now, rootHash: root, treeVersion: TREE_VERSION, leavesCount: leaves.length, rootCreatedAt: now, txnCount: assigned.length })
    .where(eq(settlementBatches.id, id));

  const orgs = leaves.length
    ? await tx.select({ id: namespaces.id, orgId: namespaces.orgId }).from(namespaces).where(inArray(namespaces.id, leaves.map((l) => l.partnerId)))
    : [];
  const orgOf = new Map(orgs.map((o) => [o.id, o.orgId]));
  await emitEvents(
    tx,
    leaves.map((l) => ({
      type: 'settlement.batch.completed' as const,
      orgId: orgOf.get(l.partnerId)!,
      partnerId: l.partnerId,
      data: { batch_id: id, currency, cutoff_time: Math.floor(cutoff.getTime() / 1000), root_hash: root, kind: l.kind, amount: l.amount.toString(), txn_count: l.txnCount },
    })),
  );
  return assigned.length;
}

/**
 * Start-up recovery. Cut-offs are atomic, so a PROCESSING batch can only come from an older
 * release or a manual intervention: it is failed and its transactions released, never counted twice.
 */
export async function recoverStaleBatches(db: Db): Promise<number> {
  return db.transaction((tx) => releaseStale(tx));
}

async function releaseStale(tx: Tx): Promise<number> {
  {
    const stale = await tx.select({ id: settlementBatches.id }).from(settlementBatches).where(eq(settlementBatches.status, 'PROCESSING')).for('update', { skipLocked: true });
    for (const b of stale) {
      await tx.update(transactions).set({ batchId: null, status: 2 }).where(eq(transactions.batchId, b.id));
      await tx.delete(schema.settlementPositions).where(eq(schema.settlementPositions.batchId, b.id));
      await tx.delete(settlementLeaves).where(eq(settlementLeaves.batchId, b.id));
      await tx.update(settlementBatches).set({ status: 'FAILED', completedOn: new Date(), failureReason: 'Left PROCESSING by an interrupted cut-off; transactions released' }).where(eq(settlementBatches.id, b.id));
    }
    return stale.length;
  }
}
