import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { fromBase64, hashLeaf, inclusionProof, leafInput, rootFromLeafHashes, toBase64, verifyInclusion } from '@/lib/settlement/merkle';
import { recoverStaleBatches, runCutoff } from './cutoff';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_t', name: 'T', status: 'verified' });
}, 60_000);
afterAll(async () => database?.close());

beforeEach(async () => {
  // Each test settles its own transactions only.
  await db().execute(sql`UPDATE transactions SET batch_id = 'batch_old', status = 3 WHERE batch_id IS NULL`);
});

async function ensureNamespace(id: string) {
  await db().insert(schema.namespaces).values({ id, orgId: 'org_t', name: id, domain: `${id}.test`, environment: 'production' }).onConflictDoNothing();
}

/** A cleared transaction debtor → beneficiary (with the payment and submission rows it hangs on). */
async function txn(debtor: string, beneficiary: string, amount: bigint, currency = 'USD') {
  await ensureNamespace(debtor);
  await ensureNamespace(beneficiary);
  const payPk = newId('pay');
  const subId = newId('sub');
  const now = new Date(Date.now() - 1000);
  await db().insert(schema.payments).values({
    id: payPk, paymentId: payPk, orgId: 'org_t', partnerId: debtor, debtorPartnerId: debtor, beneficiaryPartnerId: beneficiary,
    paymentType: 'Type_Push', currency, amountMinor: amount, debtorParty: {}, beneficiaryParty: {}, initiatedAt: now, expiresAt: new Date(now.getTime() + 86400e3),
  });
  await db().insert(schema.submissions).values({ id: subId, paymentPk: payPk, paymentId: payPk, orgId: 'org_t', partnerId: debtor, admissionId: newId('adm'), workflow: 'push.v1', status: 3, expiresAt: new Date(now.getTime() + 86400e3) });
  const id = newId('txn');
  await db().insert(schema.transactions).values({ id, paymentPk: payPk, paymentId: payPk, submissionId: subId, approvalCode: 'ABC123', currency, amountMinor: amount, debtorPartnerId: debtor, beneficiaryPartnerId: beneficiary, initiatedAt: now, clearedAt: now });
  return id;
}

/** The independent computation: bilateral nets and multilateral leaves from the list itself. */
function expected(list: Array<[string, string, bigint]>) {
  const bilateral = new Map<string, bigint>();
  const parts = new Set<string>();
  for (const [d, b, a] of list) {
    parts.add(d);
    parts.add(b);
    if (d === b) continue;
    bilateral.set(`${b}>${d}`, (bilateral.get(`${b}>${d}`) ?? 0n) + a);
    bilateral.set(`${d}>${b}`, (bilateral.get(`${d}>${b}`) ?? 0n) - a);
  }
  const leaves = new Map<string, bigint>([...parts].map((p) => [p, 0n]));
  for (const [k, v] of bilateral) leaves.set(k.split('>')[0]!, leaves.get(k.split('>')[0]!)! + v);
  return { bilateral, leaves };
}

async function stored(batchId: string) {
  const positions = await db().select().from(schema.settlementPositions).where(eq(schema.settlementPositions.batchId, batchId));
  const leaves = await db().select().from(schema.settlementLeaves).where(eq(schema.settlementLeaves.batchId, batchId)).orderBy(schema.settlementLeaves.leafIndex);
  const [batch] = await db().select().from(schema.settlementBatches).where(eq(schema.settlementBatches.id, batchId));
  return { positions, leaves, batch: batch! };
}

describe('cut-off netting and merkle artefacts', () => {
  it('nets three namespaces and two currencies, excluding on-us, with a namespace netting to zero', async () => {
    const list: Array<[string, string, bigint, string]> = [
      ['part_a', 'part_b', 1000n, 'USD'],
      ['part_b', 'part_c', 400n, 'USD'],
      ['part_c', 'part_a', 250n, 'USD'],
      ['part_b', 'part_a', 300n, 'USD'],
      ['part_a', 'part_a', 999n, 'USD'], // on-us: not netted
      ['part_d', 'part_e', 500n, 'USD'],
      ['part_e', 'part_d', 500n, 'USD'], // d and e net to zero
      ['part_a', 'part_c', 70n, 'EUR'],
    ];
    for (const [d, b, a, c] of list) await txn(d, b, a, c);
    const res = await runCutoff(db());
    expect(res.ran).toBe(true);
    expect(res.batches.map((b) => [b.currency, b.status, b.txnCount])).toEqual([['EUR', 'COMPLETED', 1], ['USD', 'COMPLETED', 7]]);

    const usd = await stored(res.batches.find((b) => b.currency === 'USD')!.id);
    const exp = expected(list.filter((l) => l[3] === 'USD').map(([d, b, a]) => [d, b, a]));
    expect(Object.fromEntries(usd.positions.map((p) => [`${p.partnerId}>${p.counterpartyId}`, p.netAmount]))).toEqual(Object.fromEntries(exp.bilateral));
    expect(usd.leaves.map((l) => [l.partnerId, l.kind, l.amount])).toEqual(
      [...exp.leaves].sort(([x], [y]) => (x < y ? -1 : 1)).map(([p, v]) => [p, v >= 0n ? 'creditor' : 'debtor', v < 0n ? -v : v]),
    );
    const credit = usd.leaves.filter((l) => l.kind === 'creditor').reduce((s, l) => s + l.amount, 0n);
    const debit = usd.leaves.filter((l) => l.kind === 'debtor').reduce((s, l) => s + l.amount, 0n);
    expect(credit).toBe(debit);
    expect(usd.leaves.find((l) => l.partnerId === 'part_d')).toMatchObject({ kind: 'creditor', amount: 0n, txnCount: 2 });
    expect(usd.leaves.find((l) => l.partnerId === 'part_a')!.txnCount).toBe(4);

    // The root is the RFC 6962 hash of the leaves in partner order; every proof verifies.
    const hashes = await Promise.all(usd.leaves.map((l) => hashLeaf(leafInput({ batchId: usd.batch.id, partnerId: l.partnerId, currency: 'USD', kind: l.kind, amount: l.amount.toString() }))));
    expect(usd.leaves.map((l) => l.leafHash)).toEqual(hashes.map(toBase64));
    expect(usd.batch).toMatchObject({ status: 'COMPLETED', rootHash: toBase64(await rootFromLeafHashes(hashes)), treeVersion: 'v1', leavesCount: 5, txnCount: 7 });
    for (let i = 0; i < hashes.length; i++) {
      const path = (await inclusionProof(hashes, i)).map(toBase64);
      expect(await verifyInclusion({ leafHash: usd.leaves[i]!.leafHash, leafIndex: i, treeSize: hashes.length, auditPath: path, rootHash: usd.batch.rootHash! })).toBe(true);
    }
    // Transactions settled, submissions settled, one completed event per participant.
    const settled = await db().execute(sql`SELECT count(*)::int AS n FROM transactions WHERE batch_id = ${usd.batch.id} AND status = 3`);
    expect(Number((settled as any).rows[0].n)).toBe(7);
    const subs = await db().execute(sql`SELECT count(*)::int AS n FROM submissions s JOIN transactions t ON t.submission_id = s.id WHERE t.batch_id = ${usd.batch.id} AND s.status = 6`);
    expect(Number((subs as any).rows[0].n)).toBe(7);
    const events = await db().execute(sql`SELECT count(*)::int AS n FROM events WHERE type = 'settlement.batch.completed' AND data->>'batch_id' = ${usd.batch.id}`);
    expect(Number((events as any).rows[0].n)).toBe(5);
    // Nothing is settled twice.
    expect((await runCutoff(db())).batches).toEqual([]);
  });

  it.each(['assign', 'positions', 'leaves'] as const)('a batch failing after %s leaves nothing batched; the next cut-off takes the transactions', async (failAfter) => {
    const ids = [await txn('part_f', 'part_g', 10n), await txn('part_g', 'part_f', 3n)];
    const failed = await runCutoff(db(), { failAfter });
    expect(failed.batches).toMatchObject([{ status: 'FAILED', txnCount: 0 }]);
    const f = await stored(failed.batches[0]!.id);
    expect(f.batch.status).toBe('FAILED');
    expect(f.positions).toEqual([]);
    expect(f.leaves).toEqual([]);
    const rows = await db().select().from(schema.transactions).where(eq(schema.transactions.batchId, failed.batches[0]!.id));
    expect(rows).toEqual([]);
    const ok = await runCutoff(db());
    expect(ok.batches).toMatchObject([{ status: 'COMPLETED', txnCount: 2 }]);
    const after = await db().select().from(schema.transactions).where(eq(schema.transactions.batchId, ok.batches[0]!.id));
    expect(after.map((t) => t.id).sort()).toEqual([...ids].sort());
  });

  it('runs one cut-off at a time: two concurrent cut-offs produce one batch', async () => {
    await txn('part_h', 'part_i', 42n);
    const [x, y] = await Promise.all([runCutoff(db()), runCutoff(db())]);
    const all = [...x.batches, ...y.batches];
    expect(all).toHaveLength(1);
    expect(all[0]!.txnCount).toBe(1);
  });

  it('recovers a batch left PROCESSING: fails it and releases its transactions', async () => {
    const id = await txn('part_j', 'part_k', 5n);
    await db().insert(schema.settlementBatches).values({ id: 'batch_stale', currency: 'USD', cutoffTime: new Date(), status: 'PROCESSING' });
    await db().update(schema.transactions).set({ batchId: 'batch_stale' }).where(eq(schema.transactions.id, id));
    expect(await recoverStaleBatches(db())).toBe(1);
    const [t] = await db().select().from(schema.transactions).where(eq(schema.transactions.id, id));
    expect(t!.batchId).toBeNull();
    expect((await stored('batch_stale')).batch.status).toBe('FAILED');
    expect((await runCutoff(db())).batches).toMatchObject([{ status: 'COMPLETED', txnCount: 1 }]);
  });
});

describe('property: random transaction sets', () => {
  it('Σ creditor = Σ debtor, each leaf = sum of its positions, proofs verify and a changed amount does not', async () => {
    const partner = fc.constantFrom('part_p1', 'part_p2', 'part_p3', 'part_p4', 'part_p5');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(partner, partner, fc.bigInt({ min: 1n, max: 1_000_000n })), { minLength: 1, maxLength: 12 }), async (list) => {
        await db().execute(sql`UPDATE transactions SET batch_id = 'batch_old', status = 3 WHERE batch_id IS NULL`);
        for (const [d, b, a] of list) await txn(d, b, a);
        const res = await runCutoff(db());
        expect(res.batches).toHaveLength(1);
        const s = await stored(res.batches[0]!.id);
        const exp = expected(list);
        const sum = (k: 'creditor' | 'debtor') => s.leaves.filter((l) => l.kind === k).reduce((x, l) => x + l.amount, 0n);
        expect(sum('creditor')).toBe(sum('debtor'));
        for (const l of s.leaves) {
          const net = s.positions.filter((p) => p.partnerId === l.partnerId).reduce((x, p) => x + p.netAmount, 0n);
          expect(l.kind === 'creditor' ? l.amount : -l.amount).toBe(net);
          expect(net).toBe(exp.leaves.get(l.partnerId));
        }
        const hashes = s.leaves.map((l) => fromBase64(l.leafHash));
        for (let i = 0; i < s.leaves.length; i++) {
          const l = s.leaves[i]!;
          const path = (await inclusionProof(hashes, i)).map(toBase64);
          expect(await verifyInclusion({ leafHash: l.leafHash, leafIndex: i, treeSize: hashes.length, auditPath: path, rootHash: s.batch.rootHash! })).toBe(true);
          const changed = toBase64(await hashLeaf(leafInput({ batchId: s.batch.id, partnerId: l.partnerId, currency: 'USD', kind: l.kind, amount: (l.amount + 1n).toString() })));
          expect(await verifyInclusion({ leafHash: changed, leafIndex: i, treeSize: hashes.length, auditPath: path, rootHash: s.batch.rootHash! })).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('verifyBatch', () => {
  it('accepts a settled batch and detects a tampered leaf', async () => {
    const { verifyBatch } = await import('./verify');
    await txn('part_v1', 'part_v2', 640n);
    await txn('part_v2', 'part_v3', 100n);
    const res = await runCutoff(db());
    const id = res.batches[0]!.id;
    expect((await verifyBatch(db(), id)).ok).toBe(true);
    await db().execute(sql`UPDATE settlement_leaves SET amount = amount + 1 WHERE batch_id = ${id} AND partner_id = 'part_v1'`);
    const report = await verifyBatch(db(), id);
    expect(report.ok).toBe(false);
    expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['leaves equal the nets of the batch transactions', 'Σ creditor = Σ debtor', 'stored leaf hashes', 'root hash']);
  });
});
