import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestDatabase,
  reviewedSandboxAdmin,
  submittedPayment,
  type testContext,
} from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { applyTaskUpdate } from './tasks';
import { expireDueSubmissions } from './expiry';
import { SUBMISSION, TASK } from '@/lib/domain/statuses';
import { serializeTask } from '../lifecycle/serialize';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ReturnType<typeof testContext>;
let n = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await reviewedSandboxAdmin(database.db, 'Race Bank', 'race@example.test');
});
afterAll(async () => database?.close());

/** A submitted payment with its two pending tasks. */
const submitted = () => submittedPayment(ctx, `race-${n++}`);

async function outcome(subId: string) {
  const db = database.db;
  const [sub] = await db.select().from(schema.submissions).where(eq(schema.submissions.id, subId));
  const txns = await db.select().from(schema.transactions).where(eq(schema.transactions.submissionId, subId));
  const exceptions = await db
    .select()
    .from(schema.paymentExceptions)
    .where(eq(schema.paymentExceptions.submissionId, subId));
  const events = await db
    .select({ type: schema.events.type, data: schema.events.data })
    .from(schema.events)
    .where(eq(schema.events.partnerId, sub!.partnerId));
  const about = (type: string) =>
    events.filter(
      (e) => e.type === type && (e.data as { submission?: { token: string } }).submission?.token === subId,
    );
  return {
    sub: sub!,
    txns,
    exceptions,
    admitted: about('payment.admitted'),
    rejected: about('payment.rejected'),
  };
}

/** The admission_task.updated events written for one task. */
async function taskEvents(taskId: string) {
  const events = await database.db
    .select({ data: schema.events.data })
    .from(schema.events)
    .where(eq(schema.events.type, 'admission_task.updated'));
  return events.filter((e) => (e.data as { task: { token: string } }).task.token === taskId);
}

describe('concurrent task updates (optimistic: read, then one guarded write)', () => {
  it('two tasks completed at the same moment admit once, with one transaction and one event per task', async () => {
    for (let i = 0; i < 5; i++) {
      const { sub, tasks } = await submitted();
      const results = await Promise.all(
        tasks.map((t) =>
          applyTaskUpdate(database.db, t.id, { status: 'completed', status_reason: 'accepted' }, 'race'),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([TASK.completed, TASK.completed]);
      const o = await outcome(sub.token);
      expect(o.sub.status).toBe(SUBMISSION.admitted);
      expect(o.sub.version).toBe(2);
      expect(o.txns).toHaveLength(1);
      expect(o.sub.transactionId).toBe(o.txns[0]!.id);
      expect(o.admitted).toHaveLength(1);
      for (const t of tasks) expect(await taskEvents(t.id)).toHaveLength(1);
    }
  });

  it('ten identical completions of one task: one change, one event, the rest answered unchanged', async () => {
    const { sub, tasks } = await submitted();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        applyTaskUpdate(
          database.db,
          tasks[0]!.id,
          { status: 'completed', status_reason: 'accepted' },
          'race',
        ),
      ),
    );
    expect(results.every((r) => r.status === TASK.completed)).toBe(true);
    expect(await taskEvents(tasks[0]!.id)).toHaveLength(1);
    const o = await outcome(sub.token);
    expect(o.sub.status).toBe(SUBMISSION.pending);
    expect(o.sub.version).toBe(1);
    // One history entry, and every answer (the change's and the unchanged ones) reads as the row does.
    const [row] = await database.db
      .select()
      .from(schema.admissionTasks)
      .where(eq(schema.admissionTasks.id, tasks[0]!.id));
    expect(row!.history).toEqual([
      {
        status: TASK.completed,
        status_reason: 1,
        note: null,
        updated_by: 'race',
        at: Math.floor(row!.updatedAt.getTime() / 1000),
        // Stored beside the entry: how other organizations see the actor (a plain name: the same).
        updated_by_label: 'race',
      },
    ]);
    const read = serializeTask(row!, row!.orgId);
    for (const r of results) expect(JSON.stringify(r.history)).toBe(JSON.stringify(read.history));
  });

  it('a completion racing a failure of the sibling task ends rejected, never admitted', async () => {
    for (let i = 0; i < 5; i++) {
      const { sub, tasks } = await submitted();
      const settled = await Promise.allSettled([
        applyTaskUpdate(
          database.db,
          tasks[0]!.id,
          { status: 'completed', status_reason: 'accepted' },
          'race',
        ),
        applyTaskUpdate(
          database.db,
          tasks[1]!.id,
          { status: 'failed', status_reason: 'fraud_detected' },
          'race',
        ),
      ]);
      expect(settled[1].status).toBe('fulfilled');
      // Whoever came second after the failure is refused with 409 and changes nothing.
      if (settled[0].status === 'rejected')
        expect((settled[0].reason as { status: number }).status).toBe(409);
      const o = await outcome(sub.token);
      expect(o.sub.status).toBe(SUBMISSION.rejected);
      expect(o.txns).toHaveLength(0);
      expect(o.exceptions.map((e) => e.exceptionCode)).toEqual(['FRAUD_DETECTED']);
      expect(o.rejected).toHaveLength(1);
    }
  });

  it('a completion racing the expiry sweeper: admitted or expired, never both', async () => {
    for (let i = 0; i < 5; i++) {
      const { sub, tasks } = await submitted();
      await applyTaskUpdate(
        database.db,
        tasks[1]!.id,
        { status: 'completed', status_reason: 'accepted' },
        'race',
      );
      await database.db
        .update(schema.submissions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(schema.submissions.id, sub.token));
      const [update] = await Promise.allSettled([
        applyTaskUpdate(
          database.db,
          tasks[0]!.id,
          { status: 'completed', status_reason: 'accepted' },
          'race',
        ),
        expireDueSubmissions(database.db),
      ]);
      const o = await outcome(sub.token);
      if (o.sub.status === SUBMISSION.admitted) {
        expect(update.status).toBe('fulfilled');
        expect(o.txns).toHaveLength(1);
        expect(o.exceptions).toHaveLength(0);
      } else {
        expect(o.sub.status).toBe(SUBMISSION.expired);
        expect(update.status === 'rejected' && (update.reason as { status: number }).status).toBe(409);
        expect(o.txns).toHaveLength(0);
        expect(o.exceptions.map((e) => e.exceptionCode)).toEqual(['PAYMENT_EXPIRED']);
      }
    }
  });
});
