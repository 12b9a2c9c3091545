import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import {
  createTestDatabase,
  reviewedSandboxAdmin,
  submittedPayment,
  type testContext,
} from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { applyTaskUpdate, type TaskUpdateInput } from './tasks';
import { SUBMISSION, TASK } from '@/lib/domain/statuses';
import { REASONS } from '@/lib/domain/reasons';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ReturnType<typeof testContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await reviewedSandboxAdmin(database.db, 'Property Bank', 'prop@example.test');
});
afterAll(async () => database?.close());

const update = fc.record({
  task: fc.integer({ min: 0, max: 1 }),
  status: fc.constantFrom<TaskUpdateInput['status']>('pending', 'completed', 'failed', 'on_hold'),
  reason: fc.constantFrom(...REASONS),
});

let n = 0;

describe('admission invariants under random task updates', () => {
  it('admitted iff all tasks completed; rejected iff one failed; one balanced transaction per admission', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(update, { minLength: 1, maxLength: 8 }), async (steps) => {
        const paymentId = `prop-${n++}`;
        const { sub, tasks } = await submittedPayment(ctx, paymentId);
        expect(tasks).toHaveLength(2);
        for (const s of steps) {
          await applyTaskUpdate(
            database.db,
            tasks[s.task]!.id,
            { status: s.status, status_reason: s.reason },
            'property',
          ).catch((err) => {
            // Illegal moves are refused with 400/409 and change nothing.
            expect([400, 409]).toContain(err.status);
          });
          const [row] = await database.db
            .select()
            .from(schema.submissions)
            .where(eq(schema.submissions.id, sub.token));
          const now = await database.db
            .select()
            .from(schema.admissionTasks)
            .where(eq(schema.admissionTasks.submissionId, sub.token));
          const allCompleted = now.every((t) => t.status === TASK.completed);
          const anyFailed = now.some((t) => t.status === TASK.failed);
          expect(row!.status === SUBMISSION.admitted).toBe(allCompleted && !anyFailed);
          expect(row!.status === SUBMISSION.rejected).toBe(anyFailed);
          const txns = await database.db
            .select()
            .from(schema.transactions)
            .where(eq(schema.transactions.submissionId, sub.token));
          expect(txns.length).toBe(row!.status === SUBMISSION.admitted ? 1 : 0);
          for (const t of txns) {
            const lines = await database.db
              .select()
              .from(schema.transactionLines)
              .where(eq(schema.transactionLines.transactionId, t.id));
            const debit = lines
              .filter((l) => l.direction === 'TD_Debit')
              .reduce((a, l) => a + l.amountMinor, 0n);
            const credit = lines
              .filter((l) => l.direction === 'TD_Credit')
              .reduce((a, l) => a + l.amountMinor, 0n);
            expect(debit).toBe(credit);
            expect(debit).toBe(4200n);
            expect(row!.transactionId).toBe(t.id);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
