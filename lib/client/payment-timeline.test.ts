import { describe, expect, it } from 'vitest';
import type { Submission, Task, Transaction } from '@/lib/schemas/payments';
import { paymentTimeline } from './payment-timeline';

const at = (seconds: number) => new Date(seconds * 1000).toISOString();
const payment = { initiated_at: at(1_000), expires_at: at(90_000) };

function submission(over: Partial<Submission>): Submission {
  return {
    token: 'sub_1',
    organization_id: 'org_1',
    partner_id: 'part_1',
    payment_id: 'p-1',
    admission_id: 'adm_1',
    workflow: 'push.v1',
    status: 1,
    status_name: 'pending',
    submission_time: 1_010,
    transaction_id: null,
    liquidity_queued_at: null,
    relationships: { payment: {} as Submission['relationships']['payment'] },
    ...over,
  };
}

/** The beneficiary's admission task, completed at `doneAt`. */
const completed = (doneAt: number): Task =>
  ({
    token: 'task_1',
    name: 'beneficiary_admission',
    status: 2,
    status_reason: 1,
    note: null,
    updated_by: 'Sandbox Bank',
    created_on: 1_010,
    modified_on: doneAt,
    history: [{ status: 2, status_reason: 1, note: null, updated_by: 'Sandbox Bank', at: doneAt }],
  }) as unknown as Task;

const transaction = (createdAt: number): Transaction =>
  ({ transaction_id: 'txn_1', status: 2, batch_id: null, created_on: at(createdAt) }) as Transaction;

describe('a payment’s timeline', () => {
  it('a queued payment: queued when its task completed, and no admission yet', () => {
    const steps = paymentTimeline({
      payment,
      submission: submission({ liquidity_queued_at: 1_015 }),
      tasks: [completed(1_015)],
      transactions: [],
      debtorSide: true,
    });
    expect(steps).toEqual([
      { at: 1_000, text: 'Created' },
      { at: 1_010, text: 'Submitted (push.v1)' },
      { at: 1_015, text: 'beneficiary admission: Completed (accepted) by Sandbox Bank' },
      {
        at: 1_015,
        text: "Queued for liquidity: past the debtor's net debit cap, it waits for headroom",
        href: '/liquidity',
      },
    ]);
  });

  it('a queued payment admitted later: admitted at its transaction’s making, not when it was queued', () => {
    const steps = paymentTimeline({
      payment,
      submission: submission({
        status: 3,
        status_name: 'admitted',
        liquidity_queued_at: 1_015,
        transaction_id: 'txn_1',
      }),
      tasks: [completed(1_015)],
      transactions: [transaction(1_600)],
      debtorSide: false,
    });
    expect(steps.slice(-2)).toEqual([
      // The beneficiary's side reads no other namespace's queue: no link.
      { at: 1_015, text: "Queued for liquidity: past the debtor's net debit cap, it waits for headroom" },
      { at: 1_600, text: 'Admitted: released by the liquidity queue' },
    ]);
  });

  it('an admission without a queue is its transaction’s time; unknown while the transaction is read', () => {
    const admitted = submission({ status: 3, status_name: 'admitted', transaction_id: 'txn_1' });
    const input = { payment, submission: admitted, tasks: [completed(1_015)], debtorSide: true };
    expect(paymentTimeline({ ...input, transactions: [transaction(1_015)] }).at(-1)).toEqual({
      at: 1_015,
      text: 'Admitted',
    });
    expect(paymentTimeline({ ...input, transactions: undefined }).at(-1)).toEqual({
      at: null,
      text: 'Admitted',
    });
  });

  it('an expiry at expires_at, a settlement at its batch’s completion', () => {
    const expired = submission({ status: 5, status_name: 'expired', liquidity_queued_at: 1_015 });
    expect(
      paymentTimeline({ payment, submission: expired, tasks: [], transactions: [], debtorSide: true }).at(-1),
    ).toEqual({ at: 90_000, text: 'Expired' });
    const settled = submission({ status: 6, status_name: 'settled', transaction_id: 'txn_1' });
    const steps = paymentTimeline({
      payment,
      submission: settled,
      tasks: [completed(1_015)],
      transactions: [{ ...transaction(1_015), status: 3, batch_id: 'batch_1' }],
      settled: { batchId: 'batch_1', at: 5_000 },
      debtorSide: true,
    });
    expect(steps.slice(-2)).toEqual([
      { at: 1_015, text: 'Admitted' },
      { at: 5_000, text: 'Settled with batch batch_1', href: '/settlements/batch_1' },
    ]);
  });

  it('a rule’s decision names the rule and leads to the rules; a rule that left the task to people says so', () => {
    const rule = { id: 'rul_1', name: 'Known counterparties up to 5,000.00', action: 'accept' as const };
    const decided = {
      ...completed(1_012),
      rule,
      history: [{ status: 2, status_reason: 1, note: null, updated_by: 'rule:rul_1', at: 1_012 }],
    } as unknown as Task;
    const reviewed = {
      ...completed(1_012),
      name: 'compliance_review',
      status: 1,
      status_reason: 0,
      history: [],
      modified_on: 1_010,
      rule: { id: 'rul_2', name: 'Large ones', action: 'review' as const },
    } as unknown as Task;
    const steps = paymentTimeline({
      payment,
      submission: submission({}),
      tasks: [decided, reviewed],
      transactions: [],
      debtorSide: false,
    });
    expect(steps.slice(2)).toEqual([
      { at: 1_010, text: 'compliance review: sent to review by rule “Large ones”', href: '/rules' },
      {
        at: 1_012,
        text: 'beneficiary admission: Completed (accepted), decided by rule “Known counterparties up to 5,000.00”',
        href: '/rules',
      },
    ]);
  });
});
