import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase, testContext, testNamespace } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import {
  fromBase64,
  hashLeaf,
  inclusionProof,
  leafInput,
  rootFromLeafHashes,
  toBase64,
  verifyInclusion,
} from '@/lib/settlement/merkle';
import { recoverStaleBatches, runCutoff } from './cutoff';
import { submissionStatus } from '../payments/status';
import { getBatch, getBatchTransaction, listBatchTransactions } from './queries';
import { networkStats } from './stats';
import { failingSettlements } from '../health/signals';
import { rebuildRollups } from '../overview/deltas';
import { listPayments } from '../payments/list';
import { getPaymentSubmission } from '../payments/submissions';
import { listPaymentTransactions } from '../payments/records';
import { listTaskQueue } from '../payments/tasks';
import { NotFoundError } from '@/lib/errors';
import { recordAudit } from '../audit/record';
import { sealAuditTrail } from '../audit/seal';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_t', name: 'T', status: 'verified' });
});
afterAll(async () => database?.close());

/** Each test settles its own transactions only: earlier ones leave the queue. */
async function forgetEarlier() {
  await db().execute(sql`UPDATE transactions SET batch_id = 'batch_old', status = 3 WHERE batch_id IS NULL`);
  await db().execute(sql`DELETE FROM settlement_queue`);
}
beforeEach(forgetEarlier);

/** A cleared transaction: debtor, beneficiary, amount, currency (USD), clearing time (a second ago). */
type Cleared = [debtor: string, beneficiary: string, amount: bigint, currency?: string, now?: Date];

/**
 * Cleared transactions (with the namespaces, payments and submissions they hang on), one statement
 * per table whatever their number; their ids in the list's order.
 */
async function txns(list: Cleared[]): Promise<string[]> {
  const rows = list.map(
    ([debtor, beneficiary, amount, currency = 'USD', now = new Date(Date.now() - 1000)]) => ({
      debtor,
      beneficiary,
      amount,
      currency,
      now,
      payPk: newId('pay'),
      subId: newId('sub'),
      id: newId('txn'),
    }),
  );
  const namespaces = [...new Set(rows.flatMap((r) => [r.debtor, r.beneficiary]))];
  await db()
    .insert(schema.namespaces)
    .values(
      namespaces.map((id) => ({
        id,
        orgId: 'org_t',
        name: id,
        domain: `${id}.test`,
        environment: 'production' as const,
      })),
    )
    .onConflictDoNothing();
  await db()
    .insert(schema.payments)
    .values(
      rows.map((r) => ({
        id: r.payPk,
        paymentId: r.payPk,
        orgId: 'org_t',
        partnerId: r.debtor,
        debtorPartnerId: r.debtor,
        beneficiaryPartnerId: r.beneficiary,
        paymentType: 'Type_Push' as const,
        currency: r.currency,
        amountMinor: r.amount,
        debtorParty: {},
        beneficiaryParty: {},
        // Created, as every payment is, at or before its clearing time.
        createdAt: r.now,
        initiatedAt: r.now,
        expiresAt: new Date(r.now.getTime() + 86400e3),
      })),
    );
  await db()
    .insert(schema.submissions)
    .values(
      rows.map((r) => ({
        id: r.subId,
        paymentPk: r.payPk,
        paymentId: r.payPk,
        orgId: 'org_t',
        partnerId: r.debtor,
        admissionId: newId('adm'),
        workflow: 'push.v1',
        status: 3,
        transactionId: r.id,
        debtorPartnerId: r.debtor,
        beneficiaryPartnerId: r.beneficiary,
        paymentCreatedAt: r.now,
        expiresAt: new Date(r.now.getTime() + 86400e3),
      })),
    );
  await db()
    .insert(schema.transactions)
    .values(
      rows.map((r) => ({
        id: r.id,
        paymentPk: r.payPk,
        paymentId: r.payPk,
        submissionId: r.subId,
        approvalCode: 'ABC123',
        currency: r.currency,
        amountMinor: r.amount,
        debtorPartnerId: r.debtor,
        beneficiaryPartnerId: r.beneficiary,
        initiatedAt: r.now,
        clearedAt: r.now,
      })),
    );
  return rows.map((r) => r.id);
}

/** One cleared transaction debtor → beneficiary; its id. */
async function txn(...cleared: Cleared): Promise<string> {
  return (await txns([cleared]))[0]!;
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
  const rows = await db()
    .select()
    .from(schema.settlementPartnerPositions)
    .where(eq(schema.settlementPartnerPositions.batchId, batchId));
  const positions = rows.flatMap((r) =>
    r.counterpartyIds.map((c, i) => ({
      partnerId: r.partnerId,
      counterpartyId: c,
      netAmount: BigInt(r.netAmounts[i]!),
    })),
  );
  const leaves = await db()
    .select()
    .from(schema.settlementLeaves)
    .where(eq(schema.settlementLeaves.batchId, batchId))
    .orderBy(schema.settlementLeaves.leafIndex);
  const [batch] = await db()
    .select()
    .from(schema.settlementBatches)
    .where(eq(schema.settlementBatches.id, batchId));
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
    await txns(list);
    const res = await runCutoff(db());
    expect(res.ran).toBe(true);
    expect(res.batches.map((b) => [b.currency, b.status, b.txnCount])).toEqual([
      ['EUR', 'COMPLETED', 1],
      ['USD', 'COMPLETED', 7],
    ]);

    const usd = await stored(res.batches.find((b) => b.currency === 'USD')!.id);
    const exp = expected(list.filter((l) => l[3] === 'USD').map(([d, b, a]) => [d, b, a]));
    expect(
      Object.fromEntries(usd.positions.map((p) => [`${p.partnerId}>${p.counterpartyId}`, p.netAmount])),
    ).toEqual(Object.fromEntries(exp.bilateral));
    expect(usd.leaves.map((l) => [l.partnerId, l.kind, l.amount])).toEqual(
      [...exp.leaves]
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([p, v]) => [p, v >= 0n ? 'creditor' : 'debtor', v < 0n ? -v : v]),
    );
    const credit = usd.leaves.filter((l) => l.kind === 'creditor').reduce((s, l) => s + l.amount, 0n);
    const debit = usd.leaves.filter((l) => l.kind === 'debtor').reduce((s, l) => s + l.amount, 0n);
    expect(credit).toBe(debit);
    expect(usd.leaves.find((l) => l.partnerId === 'part_d')).toMatchObject({
      kind: 'creditor',
      amount: 0n,
      txnCount: 2,
    });
    expect(usd.leaves.find((l) => l.partnerId === 'part_a')!.txnCount).toBe(4);

    // The root is the RFC 6962 hash of the leaves in partner order; every proof verifies.
    const hashes = await Promise.all(
      usd.leaves.map((l) =>
        hashLeaf(
          leafInput({
            batchId: usd.batch.id,
            partnerId: l.partnerId,
            currency: 'USD',
            kind: l.kind,
            amount: l.amount.toString(),
          }),
        ),
      ),
    );
    expect(usd.leaves.map((l) => l.leafHash)).toEqual(hashes.map(toBase64));
    expect(usd.batch).toMatchObject({
      status: 'COMPLETED',
      rootHash: toBase64(await rootFromLeafHashes(hashes)),
      treeVersion: 'v1',
      leavesCount: 5,
      txnCount: 7,
    });
    for (let i = 0; i < hashes.length; i++) {
      const path = (await inclusionProof(hashes, i)).map(toBase64);
      expect(
        await verifyInclusion({
          leafHash: usd.leaves[i]!.leafHash,
          leafIndex: i,
          treeSize: hashes.length,
          auditPath: path,
          rootHash: usd.batch.rootHash!,
        }),
      ).toBe(true);
    }
    // Transactions settled, submissions settled, one completed event per participant.
    const settled = await db().execute(
      sql`SELECT count(*)::int AS n FROM transactions WHERE batch_id = ${usd.batch.id} AND status = 3`,
    );
    expect(Number((settled as any).rows[0].n)).toBe(7);
    const subs = await db()
      .select({ status: submissionStatus })
      .from(schema.submissions)
      .innerJoin(schema.transactions, eq(schema.transactions.submissionId, schema.submissions.id))
      .where(eq(schema.transactions.batchId, usd.batch.id));
    expect(subs.map((r) => r.status)).toEqual(Array(7).fill(6));
    expect(await db().select().from(schema.settlementQueue)).toEqual([]);
    const events = await db().execute(
      sql`SELECT count(*)::int AS n FROM events WHERE type = 'settlement.batch.completed' AND data->>'batch_id' = ${usd.batch.id}`,
    );
    expect(Number((events as any).rows[0].n)).toBe(5);
    // Nothing is settled twice.
    expect((await runCutoff(db())).batches).toEqual([]);
  });

  it.each(['assign', 'leaves', 'events'] as const)(
    'a batch failing after %s leaves nothing batched; the next cut-off takes the transactions',
    async (failAfter) => {
      const ids = [await txn('part_f', 'part_g', 10n), await txn('part_g', 'part_f', 3n)];
      const failed = await runCutoff(db(), { failAfter });
      expect(failed.batches).toMatchObject([{ status: 'FAILED', txnCount: 0 }]);
      const f = await stored(failed.batches[0]!.id);
      expect(f.batch.status).toBe('FAILED');
      const failedEvents = await db().execute(
        sql`SELECT partner_id FROM events WHERE type = 'settlement.batch.failed' AND data->>'batch_id' = ${f.batch.id} ORDER BY partner_id`,
      );
      expect((failedEvents as any).rows.map((r: any) => r.partner_id)).toEqual(['part_f', 'part_g']);
      expect((await db().select().from(schema.settlementQueue)).map((q) => q.transactionId).sort()).toEqual(
        [...ids].sort(),
      );
      expect(f.positions).toEqual([]);
      expect(f.leaves).toEqual([]);
      const rows = await db()
        .select()
        .from(schema.transactions)
        .where(eq(schema.transactions.batchId, failed.batches[0]!.id));
      expect(rows).toEqual([]);
      const ok = await runCutoff(db());
      expect(ok.batches).toMatchObject([{ status: 'COMPLETED', txnCount: 2 }]);
      const after = await db()
        .select()
        .from(schema.transactions)
        .where(eq(schema.transactions.batchId, ok.batches[0]!.id));
      expect(after.map((t) => t.id).sort()).toEqual([...ids].sort());
    },
  );

  it('settles a transaction committed after a cut-off with an earlier clearing time in the next one, and nothing twice', async () => {
    const a = await txn('part_l1', 'part_l2', 11n, 'USD', new Date(Date.now() - 10_000));
    const first = await runCutoff(db());
    expect(first.batches).toMatchObject([{ status: 'COMPLETED', txnCount: 1 }]);
    // Cleared before the first cut-off's time, visible only after it (a long admission transaction).
    const late = await txn('part_l2', 'part_l1', 4n, 'USD', new Date(Date.now() - 20_000));
    const second = await runCutoff(db());
    expect(second.batches).toMatchObject([{ status: 'COMPLETED', txnCount: 1 }]);
    const rows = await db()
      .select()
      .from(schema.transactions)
      .where(inArray(schema.transactions.id, [a, late]));
    expect(Object.fromEntries(rows.map((t) => [t.id, t.batchId]))).toEqual({
      [a]: first.batches[0]!.id,
      [late]: second.batches[0]!.id,
    });
    expect((await stored(second.batches[0]!.id)).leaves.map((l) => [l.partnerId, l.kind, l.amount])).toEqual([
      ['part_l1', 'creditor', 4n],
      ['part_l2', 'debtor', 4n],
    ]);
  });

  it('emits one completed event per participant for a batch of many namespaces', async () => {
    const parts = Array.from({ length: 60 }, (_, i) => `part_m${String(i).padStart(2, '0')}`);
    await txns(parts.map((p, i): Cleared => [p, parts[(i + 1) % parts.length]!, BigInt(10 + i)]));
    const [batch] = (await runCutoff(db())).batches;
    const rows = await db()
      .select()
      .from(schema.events)
      .where(
        sql`${schema.events.type} = 'settlement.batch.completed' AND ${schema.events.data}->>'batch_id' = ${batch!.id}`,
      );
    expect(rows.map((e) => e.partnerId).sort()).toEqual(parts);
    const m00 = rows.find((e) => e.partnerId === 'part_m00')!;
    // part_m00 paid 10 to part_m01 and received 69 from part_m59.
    expect(m00).toMatchObject({
      orgId: 'org_t',
      data: { batch_id: batch!.id, currency: 'USD', kind: 'creditor', amount: '59', txn_count: 2 },
    });
    expect(m00.id).toMatch(/^evt_/);
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
    await db()
      .insert(schema.settlementBatches)
      .values({ id: 'batch_stale', currency: 'USD', cutoffTime: new Date(), status: 'PROCESSING' });
    // As an interrupted cut-off of an older release would have left it: taken from the queue, batched.
    await db()
      .update(schema.transactions)
      .set({ batchId: 'batch_stale', status: 3 })
      .where(eq(schema.transactions.id, id));
    await db().delete(schema.settlementQueue).where(eq(schema.settlementQueue.transactionId, id));
    expect(await recoverStaleBatches(db())).toBe(1);
    const [t] = await db().select().from(schema.transactions).where(eq(schema.transactions.id, id));
    expect(t).toMatchObject({ batchId: null, status: 2 });
    expect((await stored('batch_stale')).batch.status).toBe('FAILED');
    expect((await runCutoff(db())).batches).toMatchObject([{ status: 'COMPLETED', txnCount: 1 }]);
  });
});

describe('one currency that cannot settle', () => {
  it('fails alone, reported, its transactions kept for the next cut-off; the other currencies settle', async () => {
    await txns([
      ['part_iso_a', 'part_iso_b', 700n, 'USD'],
      ['part_iso_c', 'part_iso_d', 500n, 'JPY'],
    ]);
    // A balance no net can be added to (a state an earlier release could leave): JPY cannot settle.
    await db().insert(schema.liquidityPositions).values({
      partnerId: 'part_iso_d',
      currency: 'JPY',
      balance: 9_223_372_036_854_775_807n,
      unlimited: true,
    });
    const first = await runCutoff(db());
    expect(first.batches.map((b) => [b.currency, b.status, b.txnCount])).toEqual([
      ['JPY', 'FAILED', 0],
      ['USD', 'COMPLETED', 1],
    ]);
    const failed = first.batches.find((b) => b.currency === 'JPY')!;
    const [row] = await db()
      .select()
      .from(schema.settlementBatches)
      .where(eq(schema.settlementBatches.id, failed.id));
    expect(row).toMatchObject({ status: 'FAILED' });
    expect(row!.failureReason).toMatch(/out of range/);
    // USD's participants settled, their balances moved; JPY's transaction waits in the queue.
    const positions = await db()
      .select()
      .from(schema.liquidityPositions)
      .where(inArray(schema.liquidityPositions.partnerId, ['part_iso_a', 'part_iso_b', 'part_iso_c']));
    expect(positions.map((p) => [p.partnerId, p.currency, p.balance]).sort()).toEqual([
      ['part_iso_a', 'USD', -700n],
      ['part_iso_b', 'USD', 700n],
    ]);
    expect(await db().select().from(schema.settlementQueue)).toMatchObject([{ currency: 'JPY' }]);
    const told = await db()
      .select({ partnerId: schema.events.partnerId })
      .from(schema.events)
      .where(
        sql`${schema.events.type} = 'settlement.batch.failed' AND ${schema.events.data}->>'batch_id' = ${failed.id}`,
      );
    expect(told.map((e) => e.partnerId).sort()).toEqual(['part_iso_c', 'part_iso_d']);
    expect(await failingSettlements(db())).toEqual([
      expect.objectContaining({
        currency: 'JPY',
        batch_id: failed.id,
        reason: expect.stringMatching(/out of range/),
      }),
    ]);
    // Once the balance is mended, the next cut-off settles it, and nothing is reported any more.
    await db()
      .update(schema.liquidityPositions)
      .set({ balance: 0n })
      .where(eq(schema.liquidityPositions.partnerId, 'part_iso_d'));
    const second = await runCutoff(db());
    expect(second.batches.map((b) => [b.currency, b.status, b.txnCount])).toEqual([['JPY', 'COMPLETED', 1]]);
    expect(await failingSettlements(db())).toEqual([]);
  });
});

describe('property: random transaction sets', () => {
  it('Σ creditor = Σ debtor, each leaf = sum of its positions, proofs verify and a changed amount does not', async () => {
    const partner = fc.constantFrom('part_p1', 'part_p2', 'part_p3', 'part_p4', 'part_p5');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(partner, partner, fc.bigInt({ min: 1n, max: 1_000_000n })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (list) => {
          await forgetEarlier();
          await txns(list);
          const res = await runCutoff(db());
          expect(res.batches).toHaveLength(1);
          const s = await stored(res.batches[0]!.id);
          const exp = expected(list);
          const sum = (k: 'creditor' | 'debtor') =>
            s.leaves.filter((l) => l.kind === k).reduce((x, l) => x + l.amount, 0n);
          expect(sum('creditor')).toBe(sum('debtor'));
          for (const l of s.leaves) {
            const net = s.positions
              .filter((p) => p.partnerId === l.partnerId)
              .reduce((x, p) => x + p.netAmount, 0n);
            expect(l.kind === 'creditor' ? l.amount : -l.amount).toBe(net);
            expect(net).toBe(exp.leaves.get(l.partnerId));
          }
          const hashes = s.leaves.map((l) => fromBase64(l.leafHash));
          for (let i = 0; i < s.leaves.length; i++) {
            const l = s.leaves[i]!;
            const path = (await inclusionProof(hashes, i)).map(toBase64);
            expect(
              await verifyInclusion({
                leafHash: l.leafHash,
                leafIndex: i,
                treeSize: hashes.length,
                auditPath: path,
                rootHash: s.batch.rootHash!,
              }),
            ).toBe(true);
            const changed = toBase64(
              await hashLeaf(
                leafInput({
                  batchId: s.batch.id,
                  partnerId: l.partnerId,
                  currency: 'USD',
                  kind: l.kind,
                  amount: (l.amount + 1n).toString(),
                }),
              ),
            );
            expect(
              await verifyInclusion({
                leafHash: changed,
                leafIndex: i,
                treeSize: hashes.length,
                auditPath: path,
                rootHash: s.batch.rootHash!,
              }),
            ).toBe(false);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('verifyBatch', () => {
  it('accepts a settled batch and detects a tampered leaf', async () => {
    const { verifyBatch } = await import('./verify');
    await txn('part_v1', 'part_v2', 640n);
    await txn('part_v2', 'part_v3', 100n);
    const res = await runCutoff(db());
    const id = res.batches[0]!.id;
    expect((await verifyBatch(db(), id)).ok).toBe(true);
    await db().execute(
      sql`UPDATE settlement_leaves SET amount = amount + 1 WHERE batch_id = ${id} AND partner_id = 'part_v1'`,
    );
    const report = await verifyBatch(db(), id);
    expect(report.ok).toBe(false);
    expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'leaves equal the nets of the batch transactions',
      'Σ creditor = Σ debtor',
      'stored leaf hashes',
      'root hash',
    ]);
  });
});

describe('reads after settlement', () => {
  const ctxOf = (id: string) =>
    testContext(db(), {
      orgId: 'org_t',
      namespace: testNamespace(id, 'org_t', { paymentTtlSeconds: 300 }),
    });
  const paymentOf = async (txnId: string) =>
    (await db().select().from(schema.transactions).where(eq(schema.transactions.id, txnId)))[0]!.paymentId;

  it('shows settled transactions as 3 and their submissions as 6 on every read; unsettled ones as 2 and 3', async () => {
    const t0 = Date.now();
    const settled = [
      await txn('part_r1', 'part_r2', 500n, 'USD', new Date(t0 - 5000)),
      await txn('part_r2', 'part_r1', 200n, 'USD', new Date(t0 - 4000)),
      await txn('part_r1', 'part_r3', 70n, 'USD', new Date(t0 - 3000)),
    ];
    const later = await txn('part_r1', 'part_r2', 9n, 'USD', new Date(t0 + 60_000));
    const cut = await runCutoff(db(), { cutoffTime: new Date(t0 - 1000) });
    expect(cut.batches).toMatchObject([{ currency: 'USD', status: 'COMPLETED', txnCount: 3 }]);
    const batchId = cut.batches[0]!.id;
    const r1 = ctxOf('part_r1');

    const sub = await getPaymentSubmission(r1, await paymentOf(settled[0]!));
    expect(sub).toMatchObject({ status: 6, status_name: 'settled', transaction_id: settled[0] });
    expect(await getPaymentSubmission(r1, await paymentOf(later))).toMatchObject({
      status: 3,
      status_name: 'admitted',
    });
    const txns = await listPaymentTransactions(r1, await paymentOf(settled[0]!));
    expect(txns.transactions).toMatchObject([{ transaction_id: settled[0], status: 3, batch_id: batchId }]);
    expect((await listPaymentTransactions(r1, await paymentOf(later))).transactions).toMatchObject([
      { transaction_id: later, status: 2, batch_id: null },
    ]);

    const settledList = await listPayments(r1, { status: 'settled', page: 1, limit: 100 });
    // r1 sees the payments it is a party to: all three settled ones.
    expect(settledList.payments.map((p) => [p.transaction_id, p.submission_status]).sort()).toEqual(
      settled.map((id) => [id, 6]).sort(),
    );
    expect(settledList.count).toBe(3);
    const admittedList = await listPayments(r1, { status: 'admitted', page: 1, limit: 100 });
    expect(admittedList.payments.map((p) => [p.transaction_id, p.submission_status])).toEqual([[later, 3]]);

    // The batch's transactions of each partner, in clearing order, with their count.
    const ofR1 = await listBatchTransactions(r1, batchId, { page: 1, limit: 2 });
    expect(ofR1.total).toBe(3);
    expect(ofR1.transactions.map((t) => [t.transaction_id, t.status, t.batch_id])).toEqual([
      [settled[0], 3, batchId],
      [settled[1], 3, batchId],
    ]);
    expect(
      (await listBatchTransactions(r1, batchId, { page: 2, limit: 2 })).transactions.map(
        (t) => t.transaction_id,
      ),
    ).toEqual([settled[2]]);
    expect(
      (await listBatchTransactions(ctxOf('part_r3'), batchId, { page: 1, limit: 20 })).transactions.map(
        (t) => t.transaction_id,
      ),
    ).toEqual([settled[2]]);
    await expect(getBatchTransaction(ctxOf('part_r3'), batchId, settled[0]!)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(getBatchTransaction(r1, batchId, later)).rejects.toBeInstanceOf(NotFoundError);

    // Positions in counterparty order: r1 received 200 from r2 and paid it 500, paid r3 70.
    const details = await getBatch(r1, batchId);
    expect(details.positions).toEqual([
      {
        counterparty_id: 'part_r2',
        counterparty_name: 'part_r2',
        counterparty_domain: 'part_r2.test',
        currency: 'USD',
        position_type: 'Debit',
        net_amount: '300',
      },
      {
        counterparty_id: 'part_r3',
        counterparty_name: 'part_r3',
        counterparty_domain: 'part_r3.test',
        currency: 'USD',
        position_type: 'Debit',
        net_amount: '70',
      },
    ]);
    expect(details.merkle_leaf).toMatchObject({ kind: 'debtor', amount: '370' });

    // The beneficiary's admission queue shows the task's submission as settled.
    const [s0] = await db()
      .select()
      .from(schema.submissions)
      .where(eq(schema.submissions.transactionId, settled[0]!));
    await db()
      .insert(schema.admissionTasks)
      .values({
        id: newId('task'),
        admissionId: s0!.admissionId,
        submissionId: s0!.id,
        paymentPk: s0!.paymentPk,
        paymentId: s0!.paymentId,
        orgId: 'org_t',
        partnerId: 'part_r2',
        name: 'beneficiary_admission',
        workflow: 'push.v1',
        assignee: 1,
        status: 2,
        statusReason: 1,
        expiresAt: s0!.expiresAt,
      });
    expect((await listTaskQueue(ctxOf('part_r2'), { page: 1, limit: 20 })).tasks).toMatchObject([
      { admission_id: s0!.admissionId, submission_status: 6 },
    ]);

    // The network's figures are counters the services keep as they write; this file's fixtures
    // write rows directly, so they are recomputed from the rows first, as after a bulk load.
    await rebuildRollups(db());
    const stats = await networkStats(r1);
    expect(stats.transactions_awaiting_settlement).toBe(1);
  });

  it('verifyBatch detects a tampered position', async () => {
    const { verifyBatch } = await import('./verify');
    await txn('part_v4', 'part_v5', 80n);
    const id = (await runCutoff(db())).batches[0]!.id;
    await db().execute(
      sql`UPDATE settlement_partner_positions SET net_amounts = ARRAY[81]::bigint[] WHERE batch_id = ${id} AND partner_id = 'part_v5'`,
    );
    const report = await verifyBatch(db(), id);
    expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'positions equal the bilateral nets of the batch transactions',
    ]);
  });
});

describe('audit chain heads', () => {
  it('a batch records the chain heads of its participants\u2019 organizations at cut-off', async () => {
    const ctx = testContext(db(), { orgId: 'org_t' });
    await recordAudit(db(), ctx, { action: 'namespace.updated', target: { type: 'test', id: null } });
    await sealAuditTrail(db());
    const [head] = await db().select().from(schema.auditHeads).where(eq(schema.auditHeads.chain, 'org_t'));
    await txn('part_heads_a', 'part_heads_b', 500n);
    const result = await runCutoff(db());
    const [batch] = await db()
      .select()
      .from(schema.settlementBatches)
      .where(eq(schema.settlementBatches.id, result.batches[0]!.id));
    expect(batch!.auditHeads).toEqual({ org_t: { pos: head!.pos, hash: head!.hash } });
  });
});
