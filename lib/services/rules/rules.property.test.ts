import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestDatabase, reviewedSandboxAdmin } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { TASK } from '@/lib/domain/statuses';
import type { ServiceContext } from '@/lib/services/context';
import type { CreateRuleBody } from '@/lib/schemas/rules';
import { createPayment } from '../payments/payments';
import { submitPayment } from '../payments/submissions';
import { createRule, listRules } from './rules';
import { testRule } from './backtest';

/**
 * For random rules and payments, the rule that decides each new task — and what it did — is the
 * one a plain re-reading of DESIGN §13 gives (first enabled rule whose conditions all hold), and
 * the backtest's SQL matches the same tasks. The tasks are the creator's compliance reviews
 * (`reviewedSandboxAdmin`: every payment gets one), paid to the Sandbox Bank, whose own tasks
 * no worker answers here — so no payment is ever admitted and the counterparty is never known.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let run = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

type Rule = Omit<CreateRuleBody, 'position'>;
type Payment = { amount: bigint; currency: string; reference: string; payer: number };

const bound = fc.constantFrom('0', '500', '1000', '1001', '5000');
const AMOUNTS = [1n, 500n, 501n, 1000n, 1001n, 5000n, 10000n];
const conditions = fc
  .record({
    amount_min: bound,
    amount_max: bound,
    amount_ends_with: fc.constantFrom('1', '01', '00', '5'),
    currencies: fc.subarray(['USD', 'EUR', 'JPY'], { minLength: 1 }),
    counterparty_domains: fc.constantFrom<string[]>(['sandbox-bank.test'], ['elsewhere.test']),
    counterparty_known: fc.boolean(),
    reference_matches: fc.constantFrom('crypto', 'RENT', 'inv', 'e'),
    payer_velocity: fc.record(
      {
        count: fc.integer({ min: 1, max: 4 }),
        amount: fc.constantFrom('500', '2000', '9000'),
        window_minutes: fc.constantFrom(5, 60),
      },
      { requiredKeys: ['window_minutes'] },
    ),
    hours: fc.record({
      from: fc.constantFrom('00:00', '06:30', '12:00', '18:15', '23:59'),
      to: fc.constantFrom('00:00', '06:30', '12:00', '18:15', '23:59'),
      time_zone: fc.constantFrom('UTC', 'Asia/Kolkata', 'America/New_York'),
    }),
  })
  // One to three conditions of a rule: enough to decide often, and each condition often alone.
  .chain((all) =>
    fc
      .subarray(Object.keys(all) as Array<keyof typeof all>, { minLength: 0, maxLength: 3 })
      .map((keys) => Object.fromEntries(keys.map((k) => [k, all[k]])) as Partial<typeof all>),
  )
  .filter(
    (c) =>
      c.amount_min === undefined ||
      c.amount_max === undefined ||
      BigInt(c.amount_min) <= BigInt(c.amount_max),
  )
  .map((generated) => {
    // As JSON parses it: a plain object (fast-check's records have no prototype).
    const c = { ...generated };
    const v = c.payer_velocity;
    // A velocity condition needs a count or an amount.
    if (v && v.count === undefined && v.amount === undefined)
      return { ...c, payer_velocity: { ...v, count: 2 } };
    return c;
  });

const rule: fc.Arbitrary<Rule> = fc
  .record({
    conditions,
    action: fc.constantFrom('accept', 'reject', 'hold', 'review') as fc.Arbitrary<Rule['action']>,
    enabled: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    task_names: fc.constantFrom<Rule['task_names']>(null, ['compliance_review'], ['beneficiary_admission']),
  })
  .map((r) => ({
    ...r,
    name: 'rule',
    reason: r.action === 'reject' ? ('fraud_detected' as const) : null,
  }));

const payment: fc.Arbitrary<Payment> = fc.record({
  amount: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...AMOUNTS) }, fc.bigInt({ min: 1n, max: 9999n })),
  currency: fc.constantFrom('USD', 'EUR', 'JPY'),
  reference: fc.constantFrom('rent', 'Crypto trade', 'invoice 7', 'CRYPTO', ''),
  payer: fc.integer({ min: 0, max: 2 }),
});

/** Local minutes of `at` in `timeZone`, read plainly from its wall clock. */
function wallClock(at: Date, timeZone: string): number {
  const [h, m] = at
    .toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .split(':')
    .map(Number);
  return h! * 60 + m!;
}

type Seen = { payer: string; amount: bigint; at: Date };

/** DESIGN §13's conditions, read plainly. */
function holds(r: Rule, p: Payment & { payerAddress: string; at: Date }, earlier: Seen[]): boolean {
  const c = r.conditions;
  if (c.amount_min !== undefined && !(p.amount >= BigInt(c.amount_min))) return false;
  if (c.amount_max !== undefined && !(p.amount <= BigInt(c.amount_max))) return false;
  if (c.amount_ends_with !== undefined) {
    const digits = String(p.amount).padStart(c.amount_ends_with.length, '0');
    if (digits.slice(-c.amount_ends_with.length) !== c.amount_ends_with) return false;
  }
  if (c.currencies && c.currencies.indexOf(p.currency) < 0) return false;
  if (c.counterparty_domains && c.counterparty_domains.indexOf('sandbox-bank.test') < 0) return false;
  if (c.counterparty_known === true) return false; // nothing is ever admitted here
  if (c.reference_matches && p.reference.toUpperCase().indexOf(c.reference_matches.toUpperCase()) < 0)
    return false;
  if (c.payer_velocity) {
    const since = p.at.getTime() - c.payer_velocity.window_minutes * 60_000;
    const mine = [...earlier.filter((s) => s.payer === p.payerAddress && s.at.getTime() >= since), p];
    if (c.payer_velocity.count !== undefined && mine.length < c.payer_velocity.count) return false;
    const sum = mine.reduce((t, s) => t + s.amount, 0n);
    if (c.payer_velocity.amount !== undefined && sum < BigInt(c.payer_velocity.amount)) return false;
  }
  if (c.hours) {
    const local = wallClock(p.at, c.hours.time_zone);
    const [fh, fm] = c.hours.from.split(':').map(Number);
    const [th, tm] = c.hours.to.split(':').map(Number);
    const from = fh! * 60 + fm!;
    const to = th! * 60 + tm!;
    const inside = from === to || (from < to ? local >= from && local < to : local >= from || local < to);
    if (!inside) return false;
  }
  return true;
}

const STATUS_OF = { accept: TASK.completed, reject: TASK.failed, hold: TASK.on_hold, review: TASK.pending };

describe('admission rules', () => {
  it('decide each new task as a plain reading of their conditions does, and the backtest agrees', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rule, { minLength: 1, maxLength: 4 }),
        fc.array(payment, { minLength: 1, maxLength: 8 }),
        async (rules, payments) => {
          run++;
          // A sandbox of the run's own: its rules and tasks are the run's only, so the backtest's
          // range (whole seconds) needs no second of its own.
          const ctx: ServiceContext = await reviewedSandboxAdmin(
            database.db,
            `Rules Property ${run}`,
            `rules-property-${run}@example.test`,
          );
          expect((await listRules(ctx)).rules).toEqual([]);
          const made = [];
          for (const [k, r] of rules.entries())
            made.push(await createRule(ctx, { ...r, name: `rule ${k} of run ${run}` }));
          const from = Math.floor(Date.now() / 1000);
          const seen: Seen[] = [];
          const tasks: Array<{ p: Payment & { payerAddress: string; at: Date } }> = [];
          for (const [i, p] of payments.entries()) {
            const paymentId = `rules-${run}-${i}`;
            const payerAddress = `payer-${run}-${p.payer}@${ctx.namespace!.domain}`;
            await createPayment(ctx, {
              payment_id: paymentId,
              amount: { currency: p.currency, total: p.amount.toString() },
              debtor_party: { payment_address: payerAddress },
              beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
              payment_type: 'Type_Push',
              reference: p.reference,
            });
            const sub = await submitPayment(ctx, paymentId);
            const [task] = await database.db
              .select()
              .from(schema.admissionTasks)
              .where(eq(schema.admissionTasks.submissionId, sub.token))
              .then((rows) => rows.filter((t) => t.name === 'compliance_review'));
            const facts = { ...p, payerAddress, at: task!.createdAt };
            const expected = rules.findIndex(
              (r) =>
                r.enabled &&
                (r.task_names ?? ['compliance_review']).includes('compliance_review') &&
                holds(r, facts, seen),
            );
            const decider = expected >= 0 ? made[expected]! : null;
            expect(
              task!.ruleId,
              `payment ${i} of ${JSON.stringify({ rules, payments }, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
            ).toBe(decider?.id ?? null);
            expect(task!.status).toBe(decider ? STATUS_OF[decider.action] : TASK.pending);
            if (decider && decider.action !== 'review') expect(task!.updatedBy).toBe(`rule:${decider.id}`);
            seen.push({ payer: payerAddress, amount: p.amount, at: task!.createdAt });
            tasks.push({ p: facts });
          }
          // The backtest: each rule alone, over this run's tasks (its payers are its own).
          const to = Math.floor(Date.now() / 1000) + 1;
          for (const r of rules) {
            const answer = await testRule(ctx, {
              rule: { ...r, task_names: r.task_names ?? undefined },
              from,
              to,
            });
            const wanted = (r.task_names ?? ['compliance_review', 'beneficiary_admission']).includes(
              'compliance_review',
            )
              ? tasks.filter((t, k) =>
                  holds(
                    r,
                    t.p,
                    tasks
                      .slice(0, k)
                      .map((e) => ({ payer: e.p.payerAddress, amount: e.p.amount, at: e.p.at })),
                  ),
                ).length
              : 0;
            expect(answer.matched, `backtest of ${JSON.stringify(r)}`).toBe(wanted);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 240_000);
});
