import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDatabase, reviewedSandboxAdmin, testContext } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { createPayment } from '@/lib/services/payments/payments';
import { submitPayment } from '@/lib/services/payments/submissions';
import { applyTaskUpdate } from '@/lib/services/payments/tasks';
import { expireDueSubmissions } from '@/lib/services/payments/expiry';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { SUBMISSION } from '@/lib/domain/statuses';
import type { ServiceContext } from '@/lib/services/context';
import { recordFunds, setLiquidityLimits } from './operator';
import { getLiquidity } from './positions';
import { releaseLiquidityQueue } from './release';
import { verifyLiquidity } from './verify';
import { networkStats } from '../settlement/stats';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: ServiceContext;
let operator: ServiceContext;
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await reviewedSandboxAdmin(database.db, 'Cap Bank', 'cap@example.test');
  operator = testContext(database.db, {
    principal: { kind: 'user', userId: 'usr_op', orgId: null, role: 'operator', email: 'op@network.test' },
  });
});
afterAll(async () => database?.close());

const completed = { status: 'completed', status_reason: 'accepted' } as const;

/** A payment of `total` USD minor units from A to the Sandbox Bank, every task completed. */
async function pay(total: string, ctx = a) {
  const paymentId = `cap-${n++}`;
  await createPayment(ctx, {
    payment_id: paymentId,
    amount: { currency: 'USD', total },
    debtor_party: { payment_address: `p@${ctx.namespace!.domain}` },
    beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
    payment_type: 'Type_Push',
  });
  const sub = await submitPayment(ctx, paymentId);
  const tasks = await database.db
    .select()
    .from(schema.admissionTasks)
    .where(eq(schema.admissionTasks.submissionId, sub.token));
  for (const t of tasks) await applyTaskUpdate(database.db, t.id, completed, 'test');
  const [row] = await database.db
    .select()
    .from(schema.submissions)
    .where(eq(schema.submissions.id, sub.token));
  const [exception] = await database.db
    .select()
    .from(schema.paymentExceptions)
    .where(eq(schema.paymentExceptions.submissionId, sub.token));
  return { paymentId, sub: row!, exception };
}

const usd = async () => (await getLiquidity(a)).positions.find((p) => p.currency === 'USD')!;
const limits = (cap: string | null, over: Record<string, unknown> = {}) =>
  setLiquidityLimits(operator, a.namespace!.id, 'USD', { cap, note: 'test', ...over });
const eventsOf = async (type: string) =>
  (
    await database.db
      .select({ data: schema.events.data })
      .from(schema.events)
      .where(and(eq(schema.events.type, type), eq(schema.events.partnerId, a.namespace!.id)))
  ).map((e) => e.data as Record<string, unknown>);

describe('the net debit cap at admission', () => {
  it('a sandbox namespace starts with its demo balance and cap, in its ledger', async () => {
    expect(await usd()).toMatchObject({
      balance: '100000000',
      cap: '100000000',
      limit: '100000000',
      position: '0',
      headroom: '100000000',
      utilisation: 0,
    });
  });

  it('admits a payment landing exactly on the cap and rejects one minor unit more', async () => {
    await limits('1000');
    for (const total of ['600', '200', '200'])
      expect((await pay(total)).sub.status).toBe(SUBMISSION.admitted);
    expect(await usd()).toMatchObject({ position: '1000', headroom: '0', utilisation: 100 });
    const refused = await pay('1');
    expect(refused.sub.status).toBe(SUBMISSION.rejected);
    expect(refused.exception).toMatchObject({
      exceptionCode: 'NET_DEBIT_CAP_EXCEEDED',
      blame: 'debtor_party',
    });
    expect(await usd()).toMatchObject({ position: '1000' });
    const reached = await eventsOf('liquidity.cap_reached');
    expect(reached.at(-1)).toMatchObject({
      payment_id: refused.paymentId,
      amount: '1',
      position: '1000',
      limit: '1000',
      headroom: '0',
      outcome: 'rejected',
    });
    // 75 % (at 80 %) and 90 % (at 100 %) were each crossed once on the way up; a move across both
    // at once alerts the higher only.
    expect((await eventsOf('liquidity.threshold')).map((e) => [e.threshold, e.utilisation])).toEqual([
      [75, 80],
      [90, 100],
    ]);
  });

  it('queues what does not fit when the namespace queues, and releases it as headroom returns', async () => {
    await database.db
      .update(schema.namespaces)
      .set({ onCap: 'queue' })
      .where(eq(schema.namespaces.id, a.namespace!.id));
    const waiting = await pay('300');
    expect(waiting.sub.status).toBe(SUBMISSION.pending);
    expect(waiting.sub.liquidityQueuedAt).toBeInstanceOf(Date);
    expect(await usd()).toMatchObject({ position: '1000', queued_count: 1, queued_amount: '300' });
    // Oldest first: a later payment that would fit on its own waits behind it.
    await limits('1100');
    const behind = await pay('50');
    expect(behind.sub.status).toBe(SUBMISSION.pending);
    expect(await usd()).toMatchObject({ queued_count: 2, queued_amount: '350' });
    // A higher cap releases both, oldest first, in one pass.
    await limits('1400');
    for (const id of [waiting.sub.id, behind.sub.id]) {
      const [row] = await database.db.select().from(schema.submissions).where(eq(schema.submissions.id, id));
      expect(row!.status).toBe(SUBMISSION.admitted);
    }
    expect(await usd()).toMatchObject({ position: '1350', queued_count: 0, queued_amount: '0' });
  });

  it('a cut-off settles the position into the balance; Σ of the batch entries is 0', async () => {
    const before = await usd();
    await runCutoff(database.db);
    const after = await usd();
    expect(after.position).toBe('0');
    expect(BigInt(after.balance)).toBe(BigInt(before.balance) - BigInt(before.position));
    const [sum] = rowsOf(
      await database.db.execute(
        sql`SELECT batch_id, sum(amount)::text AS total FROM liquidity_entries WHERE kind = 'settlement' GROUP BY batch_id`,
      ),
    );
    expect(sum?.total).toBe('0');
  });

  it('a queued payment expires with its payment and leaves the queue', async () => {
    await limits('100');
    const waiting = await pay('500');
    expect(waiting.sub.status).toBe(SUBMISSION.pending);
    await database.db
      .update(schema.submissions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.submissions.id, waiting.sub.id));
    await expireDueSubmissions(database.db);
    const [row] = await database.db
      .select()
      .from(schema.submissions)
      .where(eq(schema.submissions.id, waiting.sub.id));
    expect(row!.status).toBe(SUBMISSION.expired);
    expect(await usd()).toMatchObject({ queued_count: 0, queued_amount: '0' });
    expect(await database.db.select().from(schema.liquidityQueue)).toEqual([]);
  });

  it('funds out may not leave less than the cap needs; funds in release the queue', async () => {
    const now = await usd();
    await expect(
      recordFunds(operator, a.namespace!.id, 'USD', {
        direction: 'out',
        amount: now.balance,
        reference: 'r1',
        note: 'all of it',
      }),
    ).rejects.toThrow(/below the USD 1\.00 \(100 minor units\) that the net debit cap needs/);
    await limits('0');
    const waiting = await pay('200');
    expect(waiting.sub.status).toBe(SUBMISSION.pending);
    await limits('200', { allow_unsecured: true });
    const [row] = await database.db
      .select()
      .from(schema.submissions)
      .where(eq(schema.submissions.id, waiting.sub.id));
    expect(row!.status).toBe(SUBMISSION.admitted);
    expect(await releaseLiquidityQueue(database.db)).toBe(0);
    const out = await recordFunds(operator, a.namespace!.id, 'USD', {
      direction: 'in',
      amount: '500',
      reference: 'r2',
      note: 'top-up',
    });
    expect(out.entry).toMatchObject({
      kind: 'funds_in',
      amount: '500',
      reference: 'r2',
      created_by: 'op@network.test',
    });
  });

  it('admissions racing for the last headroom: exactly as many as fit, never one minor unit past the cap', async () => {
    await database.db
      .update(schema.namespaces)
      .set({ onCap: 'reject' })
      .where(eq(schema.namespaces.id, a.namespace!.id));
    await runCutoff(database.db);
    const start = BigInt((await usd()).position);
    await limits((start + 2500n).toString(), { allow_unsecured: true });
    // 40 payments of 100 with their compliance review done: the counterparty's decisions race.
    const waiting = [];
    for (let i = 0; i < 40; i++) {
      const paymentId = `race-${n++}`;
      await createPayment(a, {
        payment_id: paymentId,
        amount: { currency: 'USD', total: '100' },
        debtor_party: { payment_address: `p@${a.namespace!.domain}` },
        beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
        payment_type: 'Type_Push',
      });
      const sub = await submitPayment(a, paymentId);
      const tasks = await database.db
        .select()
        .from(schema.admissionTasks)
        .where(eq(schema.admissionTasks.submissionId, sub.token));
      const review = tasks.find((t) => t.name === 'compliance_review')!;
      await applyTaskUpdate(database.db, review.id, completed, 'test');
      waiting.push({ sub: sub.token, task: tasks.find((t) => t.name !== 'compliance_review')!.id });
    }
    await Promise.all(waiting.map((w) => applyTaskUpdate(database.db, w.task, completed, 'race')));
    const statuses = await database.db
      .select({ status: schema.submissions.status })
      .from(schema.submissions)
      .where(
        sql`${schema.submissions.id} IN (${sql.join(
          waiting.map((w) => sql`${w.sub}`),
          sql`, `,
        )})`,
      );
    expect(statuses.filter((s) => s.status === SUBMISSION.admitted)).toHaveLength(25);
    expect(statuses.filter((s) => s.status === SUBMISSION.rejected)).toHaveLength(15);
    expect(await usd()).toMatchObject({ position: (start + 2500n).toString(), headroom: '0' });
  });

  it("the network's figures are counters kept by these writes, equal to what the rows say", async () => {
    const stats = await networkStats(operator);
    const [rows] = rowsOf(
      await database.db.execute(sql`SELECT
        (SELECT count(*) FROM payments)::int AS payments,
        (SELECT count(*) FROM submissions WHERE status IN (1, 2))::int AS submissions_open,
        (SELECT count(*) FROM submissions WHERE status = 4)::int AS submissions_rejected,
        (SELECT count(*) FROM settlement_queue)::int AS transactions_awaiting_settlement,
        (SELECT count(*) FROM transactions WHERE status = 3)::int AS transactions_settled`),
    );
    expect(stats).toMatchObject(rows!);
    expect(stats.payments).toBeGreaterThan(40);
  });

  it('every figure is what the ledger, the transactions and the queue say (verify-liquidity)', async () => {
    expect(await verifyLiquidity(database.db)).toEqual([]);
    // A position edited behind the ledger's back is found.
    await database.db.execute(
      sql`UPDATE liquidity_positions SET position = position + 1 WHERE partner_id = ${a.namespace!.id} AND currency = 'USD'`,
    );
    const problems = await verifyLiquidity(database.db);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${a.namespace!.id} USD: position`);
  });
});
