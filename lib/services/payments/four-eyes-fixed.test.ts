import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  createTestDatabase,
  reviewedSandboxAdmin,
  submittedPayment,
  type testContext,
} from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { TASK } from '@/lib/domain/statuses';

// Four eyes are fixed when a task is made (docs/decisions.md, "Four eyes"): the submission writes
// what the assignee's policy requires into each task, and migration 0047 did so for the tasks
// waiting when it ran.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ReturnType<typeof testContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await reviewedSandboxAdmin(database.db, 'Fixed Bank', 'fixed@example.test');
});
afterAll(async () => database?.close());

const fixed = (t: typeof schema.admissionTasks.$inferSelect) => [
  t.name,
  t.fourEyesApprovals,
  t.fourEyesKeysApprove,
];

describe('four eyes fixed on the task', () => {
  it('a submission writes the policy of each task’s assignee, as it is then', async () => {
    ctx.namespace = {
      ...ctx.namespace!,
      fourEyesThreshold: 1n,
      fourEyesApprovals: 2,
      fourEyesKeysApprove: true,
    };
    const { tasks } = await submittedPayment(ctx, 'fixed-1');
    // The creator's compliance review under its policy; the Sandbox Bank's admission under none.
    expect(tasks.map(fixed)).toEqual([
      ['beneficiary_admission', 0, false],
      ['compliance_review', 2, true],
    ]);
    ctx.namespace = {
      ...ctx.namespace,
      fourEyesThreshold: null,
      fourEyesApprovals: 1,
      fourEyesKeysApprove: false,
    };
    const { tasks: off } = await submittedPayment(ctx, 'fixed-2');
    expect(off.map(fixed)).toEqual([
      ['beneficiary_admission', 0, false],
      ['compliance_review', 0, false],
    ]);
  });

  it('migration 0047 fixes the waiting tasks covered by their namespace’s policy, and no others', async () => {
    const db = database.db;
    const ns = ctx.namespace!.id;
    const { tasks } = await submittedPayment(ctx, 'fixed-3');
    const { tasks: decided } = await submittedPayment(ctx, 'fixed-4');
    const review = tasks.find((t) => t.name === 'compliance_review')!;
    const done = decided.find((t) => t.name === 'compliance_review')!;
    await db
      .update(schema.admissionTasks)
      .set({ status: TASK.completed })
      .where(eq(schema.admissionTasks.id, done.id));
    // As before the migration: nothing fixed; the namespace's policy on, from 10,000.00 (4,200 is below).
    await db.execute(sql`update admission_tasks set four_eyes_approvals = 0, four_eyes_keys_approve = false`);
    await db
      .update(schema.namespaces)
      .set({ fourEyesThreshold: 1_000_000n, fourEyesApprovals: 2, fourEyesKeysApprove: true })
      .where(eq(schema.namespaces.id, ns));
    const file = path.resolve(import.meta.dirname, '../../../drizzle/0047_open_tasks_four_eyes_fixed.sql');
    await db.execute(sql.raw(readFileSync(file, 'utf8')));
    const after = await db.select().from(schema.admissionTasks);
    const byId = new Map(after.map((t) => [t.id, t]));
    // The waiting review (every review is covered) takes the policy; the decided one, and the
    // Sandbox Bank's admission (its namespace has no policy), stay at 0.
    expect(fixed(byId.get(review.id)!)).toEqual(['compliance_review', 2, true]);
    expect(fixed(byId.get(done.id)!)).toEqual(['compliance_review', 0, false]);
    expect(
      after.filter((t) => t.name === 'beneficiary_admission').every((t) => t.fourEyesApprovals === 0),
    ).toBe(true);
  });
});
