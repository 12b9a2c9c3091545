import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDatabase, reviewedSandboxAdmin, testContext } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { MAX_LIQUIDITY_MINOR } from '@/lib/domain/currencies';
import { SUBMISSION } from '@/lib/domain/statuses';
import { ValidationError } from '@/lib/errors';
import { createPayment } from '@/lib/services/payments/payments';
import { submitPayment } from '@/lib/services/payments/submissions';
import { applyTaskUpdate } from '@/lib/services/payments/tasks';
import type { ServiceContext } from '@/lib/services/context';
import { foldRollups } from '../overview/fold';
import { recordFunds, setLiquidityLimits } from './operator';
import { getLiquidity } from './positions';

/**
 * No credit without a limit, and sums that stay within their type (docs/decisions.md, "No credit
 * without a limit", "Money that cannot overflow"): what admission, the operator's changes and the
 * background passes do at the bounds.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sandbox: ServiceContext;
let production: ServiceContext;
let operator: ServiceContext;
let sandboxBank: string;
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await reviewedSandboxAdmin(database.db, 'Bounds Sandbox', 'bounds-s@example.test');
  production = await reviewedSandboxAdmin(database.db, 'Bounds Live', 'bounds-p@example.test');
  // A production participant, as a verified organization's namespace is (its link to the Sandbox
  // Bank kept, so that it has a counterparty here).
  await database.db
    .update(schema.namespaces)
    .set({ environment: 'production' })
    .where(eq(schema.namespaces.id, production.namespace!.id));
  production = { ...production, namespace: { ...production.namespace!, environment: 'production' } };
  operator = testContext(database.db, {
    principal: { kind: 'user', userId: 'usr_op', orgId: null, role: 'operator', email: 'op@network.test' },
  });
  const [bank] = await database.db
    .select({ id: schema.namespaces.id })
    .from(schema.namespaces)
    .where(eq(schema.namespaces.domain, 'sandbox-bank.test'));
  sandboxBank = bank!.id;
});
afterAll(async () => database?.close());

const completed = { status: 'completed', status_reason: 'accepted' } as const;

/** A payment to (push) or from (pull) the Sandbox Bank's alice, every task completed. */
async function pay(
  ctx: ServiceContext,
  currency: string,
  total: string,
  type: 'Type_Push' | 'Type_Pull' = 'Type_Push',
) {
  const paymentId = `bounds-${n++}`;
  const own = { payment_address: `p@${ctx.namespace!.domain}` };
  const alice = { payment_address: 'alice@sandbox-bank.test' };
  await createPayment(ctx, {
    payment_id: paymentId,
    amount: { currency, total },
    debtor_party: type === 'Type_Push' ? own : alice,
    beneficiary_party: type === 'Type_Push' ? alice : own,
    payment_type: type,
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
  return { sub: row!, exception };
}

const positionOf = async (partnerId: string, currency: string) => {
  const [row] = await database.db
    .select()
    .from(schema.liquidityPositions)
    .where(
      and(
        eq(schema.liquidityPositions.partnerId, partnerId),
        eq(schema.liquidityPositions.currency, currency),
      ),
    );
  return row;
};

describe('no credit without a limit', () => {
  it("a sandbox's currency opens on its first payment out, with the demo balance (in its ledger) and cap", async () => {
    expect(await positionOf(sandbox.namespace!.id, 'EUR')).toBeUndefined();
    expect((await pay(sandbox, 'EUR', '2500')).sub.status).toBe(SUBMISSION.admitted);
    expect(await positionOf(sandbox.namespace!.id, 'EUR')).toMatchObject({
      balance: 100_000_000n,
      cap: 100_000_000n,
      unlimited: false,
      position: 2500n,
    });
    const ledger = await database.db
      .select()
      .from(schema.liquidityEntries)
      .where(
        and(
          eq(schema.liquidityEntries.partnerId, sandbox.namespace!.id),
          eq(schema.liquidityEntries.currency, 'EUR'),
        ),
      );
    expect(ledger).toMatchObject([
      { kind: 'funds_in', amount: 100_000_000n, balanceAfter: 100_000_000n, reference: 'sandbox' },
    ]);
    // A second payment finds it open: no second demo balance.
    expect((await pay(sandbox, 'EUR', '500')).sub.status).toBe(SUBMISSION.admitted);
    expect((await positionOf(sandbox.namespace!.id, 'EUR'))!.balance).toBe(100_000_000n);
  });

  it("the Sandbox Bank's currency opens on its first payment out with an unsecured cap and no funds", async () => {
    expect((await pay(sandbox, 'JPY', '700', 'Type_Pull')).sub.status).toBe(SUBMISSION.admitted);
    expect(await positionOf(sandboxBank, 'JPY')).toMatchObject({
      balance: 0n,
      cap: 1_000_000_000_000n,
      allowUnsecured: true,
      unlimited: false,
      position: 700n,
    });
  });

  it('a production participant runs up no net debit in a currency the operator never opened', async () => {
    const refused = await pay(production, 'GBP', '100');
    expect(refused.sub.status).toBe(SUBMISSION.rejected);
    expect(refused.exception).toMatchObject({ exceptionCode: 'CURRENCY_NOT_ENABLED', blame: 'debtor_party' });
    expect(refused.exception!.exceptionMessage).toMatch(/GBP is not open for net debit/);
    expect((await positionOf(production.namespace!.id, 'GBP'))?.position ?? 0n).toBe(0n);
    // What it receives it may pay on: a payment out against its net credit needs no cap.
    expect((await pay(production, 'GBP', '300', 'Type_Pull')).sub.status).toBe(SUBMISSION.admitted);
    expect((await pay(production, 'GBP', '300')).sub.status).toBe(SUBMISSION.admitted);
    expect((await pay(production, 'GBP', '1')).exception).toMatchObject({
      exceptionCode: 'CURRENCY_NOT_ENABLED',
    });
  });

  it('the operator opens it unlimited, explicitly and audited, or closes it again', async () => {
    const id = production.namespace!.id;
    await expect(
      setLiquidityLimits(operator, id, 'GBP', { cap: '100', unlimited: true, note: 'both' }),
    ).rejects.toThrow(ValidationError);
    const opened = await setLiquidityLimits(operator, id, 'GBP', {
      cap: null,
      unlimited: true,
      note: 'trusted',
    });
    expect(opened.position).toMatchObject({
      cap: null,
      unlimited: true,
      limit: null,
      headroom: null,
      utilisation: null,
    });
    expect((await pay(production, 'GBP', '1000000000000000')).sub.status).toBe(SUBMISSION.admitted);
    const [audit] = rowsOf(
      await database.db.execute(
        sql`SELECT changes FROM audit_events WHERE action = 'liquidity.limits_set' AND target_id = ${`${id}/GBP`} ORDER BY seq`,
      ),
    );
    // The changed fields only, as every entry keeps them (docs/audit.md).
    expect(audit!.changes).toEqual({
      before: { unlimited: false },
      after: { unlimited: true, note: 'trusted' },
    });
    await setLiquidityLimits(operator, id, 'GBP', { cap: null, note: 'closed again' });
    expect((await getLiquidity(production)).positions.find((p) => p.currency === 'GBP')).toMatchObject({
      cap: null,
      unlimited: false,
      limit: '0',
      headroom: '0',
    });
    expect((await pay(production, 'GBP', '5')).exception).toMatchObject({
      exceptionCode: 'CURRENCY_NOT_ENABLED',
    });
  });
});

describe('sums that stay within their type', () => {
  it('an unlimited debtor stops at the bound past its balance: refused for the cap, never an overflow', async () => {
    const id = production.namespace!.id;
    await setLiquidityLimits(operator, id, 'CHF', { cap: null, unlimited: true, note: 'bound' });
    // As after many payments of the largest amount: 10 minor units short of the bound.
    await database.db
      .update(schema.liquidityPositions)
      .set({ position: MAX_LIQUIDITY_MINOR - 10n })
      .where(and(eq(schema.liquidityPositions.partnerId, id), eq(schema.liquidityPositions.currency, 'CHF')));
    expect((await pay(production, 'CHF', '10')).sub.status).toBe(SUBMISSION.admitted);
    const refused = await pay(production, 'CHF', '1');
    expect(refused.exception).toMatchObject({ exceptionCode: 'NET_DEBIT_CAP_EXCEEDED' });
    expect((await positionOf(id, 'CHF'))!.position).toBe(MAX_LIQUIDITY_MINOR);
  });

  it('a credit stops at the bound below the balance', async () => {
    const id = sandbox.namespace!.id;
    await pay(sandbox, 'SEK', '1');
    await database.db
      .update(schema.liquidityPositions)
      .set({ position: -MAX_LIQUIDITY_MINOR + 100_000_000n + 5n })
      .where(and(eq(schema.liquidityPositions.partnerId, id), eq(schema.liquidityPositions.currency, 'SEK')));
    // The balance is the demo 100,000,000: the position may fall to balance − bound, no lower.
    expect((await pay(sandbox, 'SEK', '5', 'Type_Pull')).sub.status).toBe(SUBMISSION.admitted);
    const refused = await pay(sandbox, 'SEK', '1', 'Type_Pull');
    expect(refused.sub.status).toBe(SUBMISSION.rejected);
    expect((await positionOf(id, 'SEK'))!.position).toBe(-MAX_LIQUIDITY_MINOR + 100_000_000n);
  });

  it("funds that would take a balance past the bound are a 400 naming it; the ledger doesn't move", async () => {
    const id = production.namespace!.id;
    const big = MAX_LIQUIDITY_MINOR.toString();
    await recordFunds(operator, id, 'NOK', { direction: 'in', amount: big, reference: 'r', note: 'all' });
    const refusal = recordFunds(operator, id, 'NOK', {
      direction: 'in',
      amount: '1',
      reference: 'r',
      note: 'one more',
    });
    await expect(refusal).rejects.toThrow(ValidationError);
    await expect(refusal).rejects.toThrow(/past the bound of 1000000000000000000 minor units/);
    expect((await positionOf(id, 'NOK'))!.balance).toBe(MAX_LIQUIDITY_MINOR);
  });
});

describe('the rollup fold, one namespace failing', () => {
  it("folds the others' deltas and keeps the failing namespace's for a later pass", async () => {
    await foldRollups(database.db);
    // A namespace whose rollups cannot take its deltas (a constraint standing in for any failure).
    await database.db.execute(
      sql`ALTER TABLE namespace_rollups ADD CONSTRAINT test_refuses_one CHECK (partner_id <> 'part_fold_bad')`,
    );
    try {
      const delta = (partnerId: string) => ({
        partnerId,
        metric: 'volume' as const,
        day: '2026-11-29',
        key: 'admitted',
        key2: '',
        currency: 'USD',
        count: 1,
        amount: 10n ** 20n,
      });
      await database.db
        .insert(schema.namespaceRollupDeltas)
        .values([delta('part_fold_bad'), delta('part_fold_good'), delta('part_fold_good')]);
      expect(await foldRollups(database.db)).toBe(2);
      const left = await database.db.select().from(schema.namespaceRollupDeltas);
      expect(left.map((d) => d.partnerId)).toEqual(['part_fold_bad']);
      const [good] = await database.db
        .select()
        .from(schema.namespaceRollups)
        .where(eq(schema.namespaceRollups.partnerId, 'part_fold_good'));
      // 2 × 10^20: a sum no bigint holds, kept whole.
      expect(good).toMatchObject({ count: 2, amount: 2n * 10n ** 20n });
    } finally {
      await database.db.execute(sql`ALTER TABLE namespace_rollups DROP CONSTRAINT test_refuses_one`);
      await database.db.delete(schema.namespaceRollupDeltas);
    }
  });
});
