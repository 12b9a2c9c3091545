import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDatabase, reviewedSandboxAdmin, testContext } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { MAX_PAYMENT_MINOR } from '@/lib/domain/currencies';
import { SUBMISSION } from '@/lib/domain/statuses';
import { AppError } from '@/lib/errors';
import type { ServiceContext } from '@/lib/services/context';
import { createPayment } from '../payments/payments';
import { submitPayment } from '../payments/submissions';
import { applyTaskUpdate } from '../payments/tasks';
import { exportPayments } from '../payments/list';
import { createReturn, exportReturns } from '../returns/returns';
import { runCutoff } from '../settlement/cutoff';
import { foldRollups } from '../overview/fold';
import { getOverview } from '../overview/overview';
import { exportLiquidityEntries } from './ledger';
import { recordFunds, setLiquidityLimits } from './operator';
import { verifyLiquidity } from './verify';

/**
 * Amounts at the network's maximum (10^15 minor units, lib/domain/currencies.ts) driven through
 * every path that sums them: admissions (push and pull, three currencies of 0, 2 and 3 decimals),
 * returns of what remains, funds in and out up to the liquidity bound, cut-offs, the rollup fold,
 * the overview and the exports. Whatever the sequence, nothing fails but with a typed refusal
 * (4xx), every batch completes, and every liquidity figure is what its records say
 * (verify-liquidity) — no sum left its type on the way.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sandbox: ServiceContext;
let live: ServiceContext;
let operator: ServiceContext;
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await reviewedSandboxAdmin(database.db, 'Max Sandbox', 'max-s@example.test');
  live = await reviewedSandboxAdmin(database.db, 'Max Live', 'max-p@example.test');
  await database.db
    .update(schema.namespaces)
    .set({ environment: 'production' })
    .where(eq(schema.namespaces.id, live.namespace!.id));
  live = { ...live, namespace: { ...live.namespace!, environment: 'production' } };
  operator = testContext(database.db, {
    principal: { kind: 'user', userId: 'usr_op', orgId: null, role: 'operator', email: 'op@network.test' },
  });
  // The production participant may run up any net debit, up to the scheme's bound.
  for (const currency of CURRENCIES)
    await setLiquidityLimits(operator, live.namespace!.id, currency, {
      cap: null,
      unlimited: true,
      note: 'property',
    });
});
afterAll(async () => database?.close());

const CURRENCIES = ['JPY', 'USD', 'KWD'] as const;
const completed = { status: 'completed', status_reason: 'accepted' } as const;
const amount = fc.oneof(
  fc.constant(MAX_PAYMENT_MINOR),
  fc.constant(MAX_PAYMENT_MINOR - 1n),
  fc.bigInt({ min: 1n, max: MAX_PAYMENT_MINOR }),
);

/** A refusal is typed and a 4xx; anything else fails the property. */
async function refusedOr<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBeLessThan(500);
    return null;
  }
}

async function pay(ctx: ServiceContext, type: 'Type_Push' | 'Type_Pull', currency: string, total: bigint) {
  const paymentId = `max-${n++}`;
  const own = { payment_address: `p@${ctx.namespace!.domain}` };
  const alice = { payment_address: 'alice@sandbox-bank.test' };
  await createPayment(ctx, {
    payment_id: paymentId,
    amount: { currency, total: total.toString() },
    debtor_party: type === 'Type_Push' ? own : alice,
    beneficiary_party: type === 'Type_Push' ? alice : own,
    payment_type: type,
  });
  const sub = await submitPayment(ctx, paymentId);
  const tasks = await database.db
    .select()
    .from(schema.admissionTasks)
    .where(eq(schema.admissionTasks.submissionId, sub.token));
  for (const t of tasks) await applyTaskUpdate(database.db, t.id, completed, 'property');
  const [row] = await database.db
    .select()
    .from(schema.submissions)
    .where(eq(schema.submissions.id, sub.token));
  // Admitted, or refused for its liquidity with a reason a reader can act on.
  if (row!.status !== SUBMISSION.admitted) {
    const [e] = await database.db
      .select()
      .from(schema.paymentExceptions)
      .where(eq(schema.paymentExceptions.submissionId, sub.token));
    expect(['NET_DEBIT_CAP_EXCEEDED', 'CURRENCY_NOT_ENABLED']).toContain(e?.exceptionCode);
  }
  return { paymentId, admitted: row!.status === SUBMISSION.admitted };
}

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      who: fc.constantFrom('sandbox', 'live'),
      type: fc.constantFrom('Type_Push' as const, 'Type_Pull' as const),
      currency: fc.constantFrom(...CURRENCIES),
      amount,
    }),
  },
  fc.record({ kind: fc.constant('return' as const), pick: fc.nat(), whole: fc.boolean() }),
  fc.record({
    kind: fc.constant('funds' as const),
    direction: fc.constantFrom('in' as const, 'out' as const),
    currency: fc.constantFrom(...CURRENCIES),
    amount: fc.oneof(fc.constant(10n ** 18n), fc.bigInt({ min: 1n, max: 10n ** 18n })),
  }),
  fc.record({ kind: fc.constant('cutoff' as const) }),
  fc.record({ kind: fc.constant('fold' as const) }),
);

const admitted: Array<{ ctx: ServiceContext; paymentId: string; amount: bigint }> = [];

async function drain(lines: AsyncIterable<string>): Promise<number> {
  let count = 0;
  for await (const chunk of lines) count += chunk.split('\n').length - 1;
  return count;
}

describe('amounts at the maximum', () => {
  it('pass every sum the network keeps without leaving its type', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'pay') {
            const ctx = s.who === 'sandbox' ? sandbox : live;
            const made = await refusedOr(() => pay(ctx, s.type, s.currency, s.amount));
            // The beneficiary returns: a push paid the Sandbox Bank, a pull paid the caller.
            if (made?.admitted && s.type === 'Type_Pull')
              admitted.push({ ctx, paymentId: made.paymentId, amount: s.amount });
          } else if (s.kind === 'return' && admitted.length > 0) {
            const original = admitted[s.pick % admitted.length]!;
            const total = s.whole ? original.amount : (original.amount + 1n) / 2n;
            await refusedOr(() =>
              createReturn(original.ctx, original.paymentId, { amount: total.toString(), reason: 'CUST' }),
            );
          } else if (s.kind === 'funds') {
            await refusedOr(() =>
              recordFunds(operator, live.namespace!.id, s.currency, {
                direction: s.direction,
                amount: s.amount.toString(),
                reference: 'property',
                note: 'property',
              }),
            );
          } else if (s.kind === 'cutoff') {
            const cut = await runCutoff(database.db);
            for (const b of cut.batches) expect(b.status).toBe('COMPLETED');
          } else if (s.kind === 'fold') {
            await foldRollups(database.db);
            expect(await database.db.select().from(schema.namespaceRollupDeltas)).toEqual([]);
          }
        }
        expect(await verifyLiquidity(database.db)).toEqual([]);
        const [unbalanced] = rowsOf(
          await database.db.execute(
            sql`SELECT count(*)::int AS n FROM (SELECT batch_id FROM liquidity_entries WHERE kind = 'settlement' GROUP BY batch_id HAVING sum(amount) <> 0) b`,
          ),
        );
        expect(unbalanced!.n).toBe(0);
      }),
      { seed: 20261129, numRuns: 20 },
    );
    // The reads over those sums: the overview and every export, read to their end.
    for (const ctx of [sandbox, live]) {
      const overview = await getOverview(ctx, { days: 7 });
      expect(overview.payments_today.count).toBeGreaterThan(0);
      expect(await drain(await exportPayments(ctx, {}))).toBeGreaterThan(1);
      expect(await drain(exportReturns(ctx, {}))).toBeGreaterThan(0);
      expect(await drain(exportLiquidityEntries(ctx, {}))).toBeGreaterThan(1);
    }
    const [row] = await database.db
      .select()
      .from(schema.liquidityPositions)
      .where(
        and(
          eq(schema.liquidityPositions.partnerId, live.namespace!.id),
          eq(schema.liquidityPositions.currency, 'USD'),
        ),
      );
    expect(row).toBeDefined();
  });
});
