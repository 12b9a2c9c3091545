import { randomBytes } from 'node:crypto';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { SUBMISSION } from '@/lib/domain/statuses';
import type { Parties } from '@/lib/domain/links';
import type { EventInput } from '@/lib/events/emit';
import { serializeSubmission, serializeTransaction } from './serialize';

type SubmissionRow = typeof schema.submissions.$inferSelect;
type PaymentRow = typeof schema.payments.$inferSelect;

/**
 * What admitting a payment writes (DESIGN §5): its transaction, cleared now and awaiting
 * settlement, with a debit line for the debtor's namespace and a credit line for the
 * beneficiary's; the submission admitted and pointing at it; `payment.admitted` and
 * `transaction.created` to both parties. Built alike when the last task completes
 * (lib/services/payments/task-update.ts) and when the liquidity queue releases the payment
 * (lib/services/liquidity/release.ts).
 */
export function admissionOf(payment: PaymentRow, sub: SubmissionRow, now: Date, parties: Parties) {
  const txn = {
    id: newId('txn'),
    paymentPk: payment.id,
    paymentId: payment.paymentId,
    submissionId: sub.id,
    approvalCode: randomBytes(4).toString('hex').toUpperCase().slice(0, 6),
    status: 2,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    debtorPartnerId: payment.debtorPartnerId,
    beneficiaryPartnerId: payment.beneficiaryPartnerId,
    initiatedAt: payment.initiatedAt,
    clearedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  // Double entry: the debit of the debtor's namespace equals the credit of the beneficiary's.
  const line = (partnerId: string, direction: 'TD_Debit' | 'TD_Credit') => ({
    id: newId('line'),
    transactionId: txn.id,
    partnerId,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    direction,
    // A return (DESIGN §12) settles like any transaction, named as what it is.
    transactionType: payment.returnOf === null ? 'TT_PAYMENT' : 'TT_RETURN',
  });
  const lines = [line(payment.debtorPartnerId, 'TD_Debit'), line(payment.beneficiaryPartnerId, 'TD_Credit')];
  const after: SubmissionRow = { ...sub, status: SUBMISSION.admitted, transactionId: txn.id, updatedAt: now };
  const subWire = serializeSubmission(after, payment);
  const txnWire = serializeTransaction({ ...txn, batchId: null, settledAt: null }, lines);
  const events: EventInput[] = [];
  for (const p of parties) {
    events.push({ type: 'payment.admitted', ...p, data: { submission: subWire } });
    events.push({ type: 'transaction.created', ...p, data: { transaction: txnWire } });
  }
  return { txn, lines, sub: after, events };
}
