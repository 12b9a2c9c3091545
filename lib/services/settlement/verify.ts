import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { hashLeaf, leafInput, rootFromLeafHashes, toBase64 } from '@/lib/settlement/merkle';

export interface VerifyReport {
  batchId: string;
  ok: boolean;
  checks: Array<{ name: string; ok: boolean; detail: string }>;
}

/**
 * Recomputes a batch from the database: positions from its transactions, leaves from the
 * positions, the root from the leaves; and checks Σ creditor = Σ debtor.
 */
export async function verifyBatch(db: Db, batchId: string): Promise<VerifyReport> {
  const [batch] = await db.select().from(schema.settlementBatches).where(eq(schema.settlementBatches.id, batchId)).limit(1);
  if (!batch) return { batchId, ok: false, checks: [{ name: 'batch exists', ok: false, detail: 'no such batch' }] };
  const checks: VerifyReport['checks'] = [];
  const leaves = await db.select().from(schema.settlementLeaves).where(eq(schema.settlementLeaves.batchId, batchId)).orderBy(schema.settlementLeaves.leafIndex);

  const nets = (await db.execute(sql`
    SELECT p, SUM(amt)::text AS net FROM (
      SELECT beneficiary_partner_id AS p, amount_minor AS amt FROM transactions WHERE batch_id = ${batchId} AND debtor_partner_id <> beneficiary_partner_id
      UNION ALL
      SELECT debtor_partner_id, -amount_minor FROM transactions WHERE batch_id = ${batchId} AND debtor_partner_id <> beneficiary_partner_id
    ) x GROUP BY p`)) as unknown as { rows: Array<{ p: string; net: string }> };
  const netOf = new Map(nets.rows.map((r) => [r.p, BigInt(r.net)]));
  const leafMismatch = leaves.filter((l) => (l.kind === 'creditor' ? l.amount : -l.amount) !== (netOf.get(l.partnerId) ?? 0n));
  checks.push({ name: 'leaves equal the nets of the batch transactions', ok: leafMismatch.length === 0, detail: leafMismatch.map((l) => l.partnerId).join(', ') || `${leaves.length} leaves` });

  const sorted = [...leaves].map((l) => l.partnerId);
  const ordered = sorted.every((p, i) => i === 0 || sorted[i - 1]! < p);
  checks.push({ name: 'leaves ordered by partner_id', ok: ordered, detail: ordered ? 'ok' : 'out of order' });

  const creditor = leaves.filter((l) => l.kind === 'creditor').reduce((a, l) => a + l.amount, 0n);
  const debtor = leaves.filter((l) => l.kind === 'debtor').reduce((a, l) => a + l.amount, 0n);
  checks.push({ name: 'Σ creditor = Σ debtor', ok: creditor === debtor, detail: `${creditor} = ${debtor}` });

  const hashes = await Promise.all(leaves.map((l) => hashLeaf(leafInput({ batchId, partnerId: l.partnerId, currency: batch.currency, kind: l.kind, amount: l.amount.toString() }))));
  const badHashes = leaves.filter((l, i) => l.leafHash !== toBase64(hashes[i]!));
  checks.push({ name: 'stored leaf hashes', ok: badHashes.length === 0, detail: badHashes.map((l) => l.partnerId).join(', ') || 'ok' });

  const root = toBase64(await rootFromLeafHashes(hashes));
  checks.push({ name: 'root hash', ok: root === batch.rootHash, detail: `recomputed ${root}, stored ${batch.rootHash}` });
  return { batchId, ok: checks.every((c) => c.ok), checks };
}
