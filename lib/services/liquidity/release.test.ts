import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, reviewedSandboxAdmin } from '@/lib/testing/db';
import { loadParticipants, loadQueue } from '@/lib/testing/liquidity-queue';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { SUBMISSION } from '@/lib/domain/statuses';
import type { ServiceContext } from '@/lib/services/context';
import { createPayment } from '../payments/payments';
import { submitPayment } from '../payments/submissions';
import { applyTaskUpdate } from '../payments/tasks';
import { releaseLiquidityQueue } from './release';
import { verifyLiquidity } from './verify';

/**
 * The release pass in chunks (docs/liquidity.md, "The queue and offsetting"): on random queues it
 * admits exactly what the pass in one transaction admits, and an admission of one of its
 * participants goes through while the pass is still running.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ids: string[];
let a: ServiceContext;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await reviewedSandboxAdmin(database.db, 'Chunk Bank', 'chunk@example.test');
  ids = await loadParticipants(database.db, 'rq', 6);
});
afterAll(async () => database?.close());

const WHOLE = Number.MAX_SAFE_INTEGER;

/** What a pass left: the payments admitted (by their place in the queue) and every position. */
async function outcome(run: string, currency: string) {
  const admitted = rowsOf(
    await database.db.execute(sql`
      SELECT substr(p.id, length(${`pay_q${run}_`}) + 1)::int AS i FROM payments p
      JOIN submissions s ON s.payment_pk = p.id
      WHERE p.id LIKE ${`pay_q${run}_%`} AND s.status = ${SUBMISSION.admitted} ORDER BY 1`),
  ).map((r) => Number(r.i));
  const positions = rowsOf(
    await database.db.execute(sql`
      SELECT partner_id, position::text, queued_count FROM liquidity_positions
      WHERE currency = ${currency} ORDER BY partner_id`),
  );
  return { admitted, positions };
}

describe('the liquidity release pass in chunks', () => {
  it('admits on random queues exactly what one transaction over the whole queue admits', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          queued: fc.array(
            fc.record({ d: fc.nat(5), b: fc.nat(5), amount: fc.integer({ min: 1, max: 400 }) }),
            { minLength: 1, maxLength: 40 },
          ),
          standings: fc.array(
            fc.record({ cap: fc.integer({ min: 0, max: 500 }), position: fc.integer({ min: 0, max: 600 }) }),
            { minLength: 6, maxLength: 6 },
          ),
          size: fc.integer({ min: 1, max: 4 }),
        }),
        async ({ queued, standings, size }) => {
          run += 1;
          // The same queue twice, in two currencies of its own: released whole, then in chunks.
          const results = [];
          for (const [key, chunkSize] of [
            ['W', WHOLE],
            ['C', size],
          ] as const) {
            const currency = `${key}${String(run).padStart(2, '0')}`;
            // What earlier runs left waiting stays out of this pass.
            await database.db.execute(sql`DELETE FROM liquidity_queue`);
            await loadQueue(database.db, { ids, run: `${key}${run}`, currency, standings, queued });
            const released = await releaseLiquidityQueue(database.db, { chunkSize });
            results.push({ released, ...(await outcome(`${key}${run}`, currency)) });
          }
          expect(results[1]).toEqual(results[0]);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('lets an admission of one of its participants through between its chunks', async () => {
    // A queue of 300 in USD, every other payment to Chunk Bank: each chunk locks its position row.
    const queued = Array.from({ length: 300 }, (_, i) => ({
      d: i % 5,
      b: i % 2 === 0 ? 6 : (i % 5) + 1,
      amount: 10 + (i % 7),
    }));
    await loadQueue(database.db, {
      ids: [...ids, a.namespace!.id],
      run: 'X',
      currency: 'USD',
      standings: ids.map(() => ({ cap: 1_000_000 })),
      queued,
    });
    // Chunk Bank's payment with every task done but the last: its completion is the admission.
    await createPayment(a, {
      payment_id: 'during-the-pass',
      amount: { currency: 'USD', total: '500' },
      debtor_party: { payment_address: `p@${a.namespace!.domain}` },
      beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
      payment_type: 'Type_Push',
    });
    const sub = await submitPayment(a, 'during-the-pass');
    const tasks = await database.db
      .select()
      .from(schema.admissionTasks)
      .where(eq(schema.admissionTasks.submissionId, sub.token));
    const completed = { status: 'completed', status_reason: 'accepted' } as const;
    for (const t of tasks.slice(1)) await applyTaskUpdate(database.db, t.id, completed, 'test');

    const chunks: number[] = [];
    let admission: Promise<number> | undefined;
    const released = await releaseLiquidityQueue(database.db, {
      chunkSize: 10,
      onChunk: (c) => {
        chunks.push(c.admitted);
        // After the first chunk: the admission, while the other chunks are still to run.
        admission ??= applyTaskUpdate(database.db, tasks[0]!.id, completed, 'test').then(() => chunks.length);
      },
    });
    expect(released).toBe(300);
    expect(chunks.length).toBe(30);
    // It finished before the pass's last chunk began: it waited for a chunk, not for the pass.
    expect(await admission).toBeLessThan(30);
    const [row] = await database.db
      .select()
      .from(schema.submissions)
      .where(eq(schema.submissions.id, sub.token));
    expect(row!.status).toBe(SUBMISSION.admitted);
    // Chunk Bank's figures are what its records say (the loaded participants have no ledger).
    const problems = await verifyLiquidity(database.db);
    expect(problems.filter((p) => p.startsWith(a.namespace!.id))).toEqual([]);
    expect(await outcome('X', 'USD')).toMatchObject({ admitted: queued.map((_, i) => i + 1) });
  });
});
