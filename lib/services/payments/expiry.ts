import { aliasedTable, and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { holds } from '@/lib/db/rows';
import { newId } from '@/lib/ids';
import { emitEvents, type EventInput } from '@/lib/events/emit';
import { SUBMISSION, TASK, taskStatusName } from '@/lib/domain/statuses';
import { partiesOfNamespaces } from '@/lib/domain/links';
import { serializeSubmission } from '../lifecycle/serialize';
import { dequeueExpired } from '../liquidity/release';
import { serializeReturn } from '../lifecycle/serialize';
import {
  exceptionAdded,
  paymentMoved,
  submissionStatusName,
  taskMoved,
  writeDeltas,
} from '../overview/deltas';

const { submissions, payments, paymentExceptions, namespaces, admissionTasks } = schema;
const debtorNs = aliasedTable(namespaces, 'debtor_ns');
const beneficiaryNs = aliasedTable(namespaces, 'beneficiary_ns');

/** Whether an open submission is past its expiry at `now` (the workers' question, lib/workers). */
export function submissionsToExpire(now = new Date()) {
  const due = and(
    inArray(submissions.status, [SUBMISSION.pending, SUBMISSION.on_hold]),
    lte(submissions.expiresAt, now),
  );
  return sql`((SELECT 1 FROM ${submissions} WHERE ${due} LIMIT 1) IS NOT NULL)`;
}

/**
 * Expires submissions whose payment passed `expires_at` before admission: status expired, a
 * PAYMENT_EXPIRED exception and `payment.expired`, in one transaction; its tasks still open close
 * with it (docs/decisions.md "Tasks close with their payment": out of the queue by their expiry,
 * out of the waiting figures here). Rows are claimed with SKIP
 * LOCKED, so several instances sweep without doing the same work twice; a task update racing the
 * sweep finds the status changed and is refused (its write is guarded by the status it read).
 */
export async function expireDueSubmissions(db: Db, batch = 100): Promise<number> {
  const now = new Date();
  // None due (most passes): one read of the open submissions' expiry index, no transaction and no
  // four-table join to plan.
  if (!(await holds(db, submissionsToExpire(now)))) return 0;
  return db.transaction(async (tx) => {
    // Each submission with its payment and the organizations of the payment's two namespaces.
    const due = await tx
      .select({
        sub: submissions,
        payment: payments,
        debtorOrgId: debtorNs.orgId,
        beneficiaryOrgId: beneficiaryNs.orgId,
      })
      .from(submissions)
      .innerJoin(payments, eq(payments.id, submissions.paymentPk))
      .innerJoin(debtorNs, eq(debtorNs.id, payments.debtorPartnerId))
      .innerJoin(beneficiaryNs, eq(beneficiaryNs.id, payments.beneficiaryPartnerId))
      .where(
        and(
          inArray(submissions.status, [SUBMISSION.pending, SUBMISSION.on_hold]),
          lte(submissions.expiresAt, now),
        ),
      )
      .limit(batch)
      .for('update', { of: submissions, skipLocked: true });
    const open =
      due.length === 0
        ? []
        : await tx
            .select({
              submissionId: admissionTasks.submissionId,
              partnerId: admissionTasks.partnerId,
              status: admissionTasks.status,
            })
            .from(admissionTasks)
            .where(
              and(
                inArray(
                  admissionTasks.admissionId,
                  due.map((d) => d.sub.admissionId),
                ),
                inArray(admissionTasks.status, [TASK.pending, TASK.on_hold]),
              ),
            );
    const returning = due.filter((d) => d.payment.returnOf !== null).map((d) => d.payment.id);
    const returnsByPayment = new Map(
      (returning.length
        ? await tx
            .select()
            .from(schema.paymentReturns)
            .where(inArray(schema.paymentReturns.paymentPk, returning))
        : []
      ).map((r) => [r.paymentPk, r]),
    );
    for (const { sub, payment, debtorOrgId, beneficiaryOrgId } of due) {
      const [updated] = await tx
        .update(submissions)
        .set({ status: SUBMISSION.expired, updatedAt: now })
        .where(eq(submissions.id, sub.id))
        .returning();
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
      const data = { submission: serializeSubmission(updated!, payment) };
      const parties = partiesOfNamespaces([
        { id: payment.debtorPartnerId, orgId: debtorOrgId },
        { id: payment.beneficiaryPartnerId, orgId: beneficiaryOrgId },
      ]);
      const events: EventInput[] = parties.map((p) => ({ type: 'payment.expired', ...p, data }));
      // A return request nobody decided in time is refused by its expiry (DESIGN §12).
      const ret = payment.returnOf === null ? undefined : returnsByPayment.get(payment.id);
      if (ret)
        for (const p of parties)
          events.push({
            type: 'return.decided',
            ...p,
            data: {
              return: serializeReturn(
                ret,
                {
                  status: SUBMISSION.expired,
                  transactionId: null,
                  taskId: null,
                  decidedAt: now,
                  exceptionCode: 'PAYMENT_EXPIRED',
                  exceptionMessage: `The payment expired at ${sub.expiresAt.toISOString()} before admission`,
                },
                p.partnerId,
              ),
            },
          });
      await emitEvents(tx, events);
      await writeDeltas(tx, [
        ...paymentMoved(payment, submissionStatusName(sub.status), 'expired'),
        ...exceptionAdded(payment, now, 'PAYMENT_EXPIRED', 'system'),
        ...open
          .filter((t) => t.submissionId === sub.id)
          .flatMap((t) => taskMoved(t.partnerId, taskStatusName(t.status), 'closed')),
      ]);
    }
    // Those waiting in the liquidity queue leave it (DESIGN §11: a queued payment expires with its payment).
    await dequeueExpired(
      tx,
      due
        .filter((d) => d.sub.liquidityQueuedAt !== null)
        .map((d) => ({
          submissionId: d.sub.id,
          debtor: d.payment.debtorPartnerId,
          currency: d.payment.currency,
          amount: d.payment.amountMinor,
        })),
    );
    return due.length;
  });
}
