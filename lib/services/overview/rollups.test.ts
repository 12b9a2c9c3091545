import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { REASONS } from '@/lib/domain/reasons';
import { createTestDatabase, reviewedSandboxAdmin, type testContext } from '@/lib/testing/db';
import { createPayment } from '../payments/payments';
import { submitPayment } from '../payments/submissions';
import { applyTaskUpdate, type TaskUpdateInput } from '../payments/tasks';
import { expireDueSubmissions } from '../payments/expiry';
import { runCutoff } from '../settlement/cutoff';
import { foldRollups } from './fold';
import { rebuildRollups } from './deltas';
import { getOverview } from './overview';

// The overview's rollups (migration 0015) against the raw aggregation they replace, used here as
// the oracle: after any sequence of real lifecycle writes — creations, submissions, task decisions
// in any order, expiry, cut-offs — and whether or not the deltas were folded, both agree.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ReturnType<typeof testContext>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await reviewedSandboxAdmin(database.db, 'Rollup Bank', 'rollup@example.test');
});
afterAll(async () => database?.close());

/** The figures as the overview computed them before rollups: from the raw rows, today. */
async function oracle(partner: string) {
  const run = async (q: ReturnType<typeof sql>) => rowsOf(await db().execute(q));
  const visible = sql`(p.debtor_partner_id = ${partner} OR p.beneficiary_partner_id = ${partner})`;
  const volume = await run(sql`
    SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
      CASE WHEN s.id IS NULL THEN 'unsubmitted' WHEN s.status = 3 AND t.status = 3 THEN 'settled'
        ELSE (ARRAY['pending','on_hold','admitted','rejected','expired'])[s.status] END AS status,
      p.currency, count(*)::int AS count, sum(p.amount_minor)::text AS total
    FROM payments p LEFT JOIN submissions s ON s.payment_pk = p.id LEFT JOIN transactions t ON t.id = s.transaction_id
    WHERE ${visible} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  // Waiting: open tasks of open submissions (a task closes with its payment: docs/decisions.md).
  const tasks = await run(sql`
    SELECT count(*) FILTER (WHERE t.status = 1)::int AS pending, count(*) FILTER (WHERE t.status = 4)::int AS on_hold
    FROM admission_tasks t JOIN submissions s ON s.id = t.submission_id
    WHERE t.partner_id = ${partner} AND s.status IN (1, 2)`);
  const awaiting = await run(sql`
    SELECT currency, count(*)::int AS count,
      coalesce(sum(amount_minor) FILTER (WHERE beneficiary_partner_id = ${partner}), 0)::text AS incoming,
      coalesce(sum(amount_minor) FILTER (WHERE debtor_partner_id = ${partner}), 0)::text AS outgoing
    FROM transactions WHERE status = 2 AND (debtor_partner_id = ${partner} OR beneficiary_partner_id = ${partner})
    GROUP BY currency ORDER BY currency`);
  const exceptions = await run(sql`
    SELECT e.exception_code, e.blame, count(*)::int AS count
    FROM payment_exceptions e JOIN payments p ON p.id = e.payment_pk WHERE ${visible}
    GROUP BY 1, 2 ORDER BY 1, 2`);
  return {
    daily_volume: volume.map((r) => ({ ...r })),
    tasks_waiting: { pending: Number(tasks[0]!.pending), on_hold: Number(tasks[0]!.on_hold) },
    awaiting_settlement: awaiting.map((r) => ({
      ...r,
      net: (BigInt(String(r.incoming)) - BigInt(String(r.outgoing))).toString(),
    })),
    exceptions,
  };
}

async function figures(partner: string) {
  const o = await getOverview({ ...ctx, namespace: { ...ctx.namespace!, id: partner } }, { days: 7 });
  return {
    daily_volume: o.daily_volume,
    tasks_waiting: o.tasks_waiting,
    awaiting_settlement: o.awaiting_settlement,
    exceptions: o.exceptions,
  };
}

const step = fc.record({
  amount: fc.constantFrom('1500', '2501', '990', '4203'),
  submit: fc.boolean(),
  decisions: fc.array(
    fc.record({
      task: fc.integer({ min: 0, max: 1 }),
      status: fc.constantFrom<TaskUpdateInput['status']>('pending', 'completed', 'failed', 'on_hold'),
      reason: fc.constantFrom(...REASONS),
    }),
    { maxLength: 4 },
  ),
  expire: fc.boolean(),
  cutoff: fc.boolean(),
  fold: fc.boolean(),
});

let n = 0;

describe('the overview rollups', () => {
  it('equal the raw aggregation after any lifecycle, folded or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        for (const s of steps) {
          const paymentId = `roll-${n++}`;
          await createPayment(ctx, {
            payment_id: paymentId,
            amount: { currency: n % 3 ? 'USD' : 'EUR', total: s.amount },
            debtor_party: { payment_address: `p@${ctx.namespace!.domain}` },
            beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
            payment_type: 'Type_Push',
          });
          if (s.submit) {
            const sub = await submitPayment(ctx, paymentId);
            const tasks = await db()
              .select()
              .from(schema.admissionTasks)
              .where(eq(schema.admissionTasks.submissionId, sub.token))
              .orderBy(schema.admissionTasks.name);
            for (const d of s.decisions)
              await applyTaskUpdate(
                db(),
                tasks[d.task]!.id,
                { status: d.status, status_reason: d.reason },
                'rollup',
              ).catch((err) => expect([400, 409]).toContain(err.status));
            if (s.expire) {
              await db()
                .update(schema.submissions)
                .set({ expiresAt: new Date(Date.now() - 1000) })
                .where(eq(schema.submissions.id, sub.token));
              await expireDueSubmissions(db());
            }
          }
          if (s.cutoff) await runCutoff(db());
          if (s.fold) await foldRollups(db());
          for (const partner of [ctx.namespace!.id])
            expect(await figures(partner)).toEqual(await oracle(partner));
        }
      }),
      { numRuns: 12 },
    );
    // The Sandbox Bank's side agrees as well (it is the beneficiary of every payment here).
    const [bank] = await db().select().from(schema.namespaces).where(eq(schema.namespaces.isSystem, true));
    expect(await figures(bank!.id)).toEqual(await oracle(bank!.id));
    await foldRollups(db());
    expect(await figures(bank!.id)).toEqual(await oracle(bank!.id));
    // A rebuild from the rows (bulk loads, migration 0031) computes the same figures.
    await rebuildRollups(db());
    for (const partner of [ctx.namespace!.id, bank!.id])
      expect(await figures(partner)).toEqual(await oracle(partner));
  });

  it('stay exact under concurrent lifecycles of one namespace', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `conc-${n}-${i}`);
    n++;
    await Promise.all(
      ids.map(async (paymentId, i) => {
        await createPayment(ctx, {
          payment_id: paymentId,
          amount: { currency: 'USD', total: String(1000 + i) },
          debtor_party: { payment_address: `p@${ctx.namespace!.domain}` },
          beneficiary_party: { payment_address: 'bob@sandbox-bank.test' },
          payment_type: 'Type_Push',
        });
        if (i % 2 === 0) await submitPayment(ctx, paymentId);
        if (i % 5 === 0) await foldRollups(db());
      }),
    );
    expect(await figures(ctx.namespace!.id)).toEqual(await oracle(ctx.namespace!.id));
  });
});
