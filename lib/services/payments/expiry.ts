import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { emitEvents, type EventInput } from '../events/emit';
import { SUBMISSION } from './model';
import { partiesOf } from './payments';
import { serializeSubmission } from './serialize';

const { submissions, payments, paymentExceptions } = schema;

/**
 * Expires submissions whose payment passed `expires_at` before admission: status expired, a
 * PAYMENT_EXPIRED exception and `payment.expired`, per submission in one transaction. Rows are
 * claimed with SKIP LOCKED, so several instances sweep without doing the same work twice.
 */
export async function expireDueSubmissions(db: Db, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const due = await tx
      .select()
      .from(submissions)
      .where(and(inArray(submissions.status, [SUBMISSION.pending, SUBMISSION.on_hold]), lte(submissions.expiresAt, now)))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const sub of due) {
      const [updated] = await tx.update(submissions).set({ status: SUBMISSION.expired, updatedAt: now }).where(eq(submissions.id, sub.id)).returning();
      const [payment] = await tx.select().from(payments).where(eq(payments.id, sub.paymentPk)).limit(1);
      await tx.insert(paymentExceptions).values({
        id: newId('exc'),
        paymentPk: sub.paymentPk,
        paymentId: sub.paymentId,
        submissionId: sub.id,
        orgId: sub.orgId,
        partnerId: sub.partnerId,
        exceptionCode: 'PAYMENT_EXPIRED',
        exceptionMessage: `The payment expired at ${sub.expiresAt.toISOString()} before admission`,
        blame: 'system',
        createdAt: now,
      });
      const data = { submission: serializeSubmission(updated!, payment!) };
      const events: EventInput[] = (await partiesOf(tx, payment!)).map((p) => ({ type: 'payment.expired', ...p, data }));
      await emitEvents(tx, events);
    }
    return due.length;
  });
}
