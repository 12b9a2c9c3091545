import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { hashLeaf, leafInput, rootFromLeafHashes, toBase64 } from '@/lib/settlement/merkle';
import { rowsOf } from '@/lib/db/rows';

export interface VerifyReport {
  batchId: string;
  ok: boolean;
  checks: Array<{ name: string; ok: boolean; detail: string }>;
}

/**
 * Recomputes a batch from the database: the bilateral positions and each partner's net from its
 * transactions, the leaf hashes and the root from the leaves; and checks Σ creditor = Σ debtor.
 */
export async function verifyBatch(db: Db, batchId: string): Promise<VerifyReport> {
  const [batch] = await db
    .select()
    .from(schema.settlementBatches)
    .where(eq(schema.settlementBatches.id, batchId))
    .limit(1);
  if (!batch)
    return { batchId, ok: false, checks: [{ name: 'batch exists', ok: false, detail: 'no such batch' }] };
  const checks: VerifyReport['checks'] = [];
  const leaves = await db
    .select()
    .from(schema.settlementLeaves)
    .where(eq(schema.settlementLeaves.batchId, batchId))
    .orderBy(schema.settlementLeaves.leafIndex);

  // The batch's transactions, reached per leaf partner through the (partner, clearing time) indexes.
  const recomputed = sql`
    WITH b AS (SELECT id, first_cleared_at AS lo, last_cleared_at AS hi FROM settlement_batches WHERE id = ${batchId}),
    sides AS (
      SELECT l.partner_id AS p, t.debtor_partner_id AS cp, t.amount_minor AS v FROM b JOIN settlement_leaves l ON l.batch_id = b.id
        JOIN transactions t ON t.beneficiary_partner_id = l.partner_id AND t.cleared_at BETWEEN b.lo AND b.hi AND t.batch_id = b.id
        WHERE t.debtor_partner_id <> t.beneficiary_partner_id
      UNION ALL
      SELECT l.partner_id, t.beneficiary_partner_id, -t.amount_minor FROM b JOIN settlement_leaves l ON l.batch_id = b.id
        JOIN transactions t ON t.debtor_partner_id = l.partner_id AND t.cleared_at BETWEEN b.lo AND b.hi AND t.batch_id = b.id
        WHERE t.debtor_partner_id <> t.beneficiary_partner_id
    ), recomputed AS (SELECT p, cp, sum(v) AS net FROM sides GROUP BY p, cp)`;
  const nets = rowsOf(
    await db.execute(sql`${recomputed} SELECT p, sum(net)::text AS net FROM recomputed GROUP BY p`),
  );
  const netOf = new Map(nets.map((r) => [String(r.p), BigInt(String(r.net))]));
  const leafMismatch = leaves.filter(
    (l) => (l.kind === 'creditor' ? l.amount : -l.amount) !== (netOf.get(l.partnerId) ?? 0n),
  );
  checks.push({
    name: 'leaves equal the nets of the batch transactions',
    ok: leafMismatch.length === 0,
    detail: leafMismatch.map((l) => l.partnerId).join(', ') || `${leaves.length} leaves`,
  });

  const [pos] = rowsOf(
    await db.execute(sql`${recomputed}, stored AS (
      SELECT s.partner_id AS p, u.cp, u.net FROM settlement_partner_positions s, unnest(s.counterparty_ids, s.net_amounts) AS u(cp, net) WHERE s.batch_id = ${batchId})
      SELECT count(*)::int AS pairs, count(*) FILTER (WHERE r.net IS DISTINCT FROM s.net)::int AS bad,
        (array_agg(coalesce(r.p, s.p) || '>' || coalesce(r.cp, s.cp)) FILTER (WHERE r.net IS DISTINCT FROM s.net))[1:5] AS sample
      FROM recomputed r FULL JOIN stored s ON s.p = r.p AND s.cp = r.cp`),
  );
  const badPositions = Number(pos?.bad ?? 0);
  checks.push({
    name: 'positions equal the bilateral nets of the batch transactions',
    ok: badPositions === 0,
    detail:
      badPositions === 0
        ? `${Number(pos?.pairs ?? 0)} positions`
        : `${badPositions} differ, e.g. ${(pos?.sample as string[]).join(', ')}`,
  });

  const sorted = [...leaves].map((l) => l.partnerId);
  const ordered = sorted.every((p, i) => i === 0 || sorted[i - 1]! < p);
  checks.push({ name: 'leaves ordered by partner_id', ok: ordered, detail: ordered ? 'ok' : 'out of order' });

  const creditor = leaves.filter((l) => l.kind === 'creditor').reduce((a, l) => a + l.amount, 0n);
  const debtor = leaves.filter((l) => l.kind === 'debtor').reduce((a, l) => a + l.amount, 0n);
  checks.push({ name: 'Σ creditor = Σ debtor', ok: creditor === debtor, detail: `${creditor} = ${debtor}` });

  const hashes = await Promise.all(
    leaves.map((l) =>
      hashLeaf(
        leafInput({
          batchId,
          partnerId: l.partnerId,
          currency: batch.currency,
          kind: l.kind,
          amount: l.amount.toString(),
        }),
      ),
    ),
  );
  const badHashes = leaves.filter((l, i) => l.leafHash !== toBase64(hashes[i]!));
  checks.push({
    name: 'stored leaf hashes',
    ok: badHashes.length === 0,
    detail: badHashes.map((l) => l.partnerId).join(', ') || 'ok',
  });

  const root = toBase64(await rootFromLeafHashes(hashes));
  checks.push({
    name: 'root hash',
    ok: root === batch.rootHash,
    detail: `recomputed ${root}, stored ${batch.rootHash}`,
  });
  return { batchId, ok: checks.every((c) => c.ok), checks };
}
