import { describe, expect, it } from 'vitest';
import { NO_FOUR_EYES } from '@/lib/domain/four-eyes';
import { MAX_LIQUIDITY_MINOR } from '@/lib/domain/currencies';
import { reasonCode } from '@/lib/domain/reasons';
import { SUBMISSION, TASK } from '@/lib/domain/statuses';
import {
  checkReason,
  decide,
  NO_PROVENANCE,
  pendingTask,
  type PaymentRow,
  type Sibling,
  type State,
  type SubmissionRow,
  type TaskRow,
} from './task-machine';

// The state machine alone, without a database: what each move decides. The writes, races and
// liquidity guard over a real database are tested in tasks.test.ts and liquidity.test.ts.

const NOW = new Date('2026-11-26T12:00:00Z');
const EARLIER = new Date('2026-11-26T11:00:00Z');
const LATER = new Date('2026-11-27T11:00:00Z');
const ACTOR = { by: 'usr_ops', label: 'Ops', credential: 'usr:usr_ops' };

function state(over: Partial<State> = {}, amount = 5_000n): State {
  const payment: PaymentRow = {
    id: 'pay_1',
    paymentId: 'p-1',
    orgId: 'org_d',
    partnerId: 'debtor',
    debtorPartnerId: 'debtor',
    beneficiaryPartnerId: 'beneficiary',
    paymentType: 'Type_Push',
    currency: 'USD',
    amountMinor: amount,
    reference: '',
    debtorParty: {},
    beneficiaryParty: {},
    device: {},
    location: {},
    initiatedAt: EARLIER,
    expiresAt: LATER,
    createdAt: EARLIER,
    createdBy: 'key:key_maker',
    returnOf: null,
    debtorCustomerName: '',
    beneficiaryCustomerName: '',
  };
  const sub: SubmissionRow = {
    id: 'sub_1',
    paymentPk: payment.id,
    paymentId: payment.paymentId,
    orgId: 'org_d',
    partnerId: 'debtor',
    admissionId: 'adm_1',
    workflow: 'standard',
    status: SUBMISSION.pending,
    transactionId: null,
    version: 3,
    debtorPartnerId: 'debtor',
    beneficiaryPartnerId: 'beneficiary',
    paymentCreatedAt: EARLIER,
    expiresAt: LATER,
    submittedAt: EARLIER,
    updatedAt: EARLIER,
    submittedBy: 'key:key_maker',
    liquidityQueuedAt: null,
  };
  return {
    task: task('tsk_1', TASK.pending),
    sub,
    payment,
    debtorOrgId: 'org_d',
    beneficiaryOrgId: 'org_b',
    policy: NO_FOUR_EYES,
    debtorOnCap: 'reject',
    debtorEnvironment: 'production',
    debtorLiquidity: null,
    ...over,
  };
}

function task(id: string, status: number): TaskRow {
  const made = pendingTask(
    {
      admissionId: 'adm_1',
      submissionId: 'sub_1',
      paymentPk: 'pay_1',
      paymentId: 'p-1',
      orgId: 'org_b',
      partnerId: 'beneficiary',
      name: 'compliance_check',
      workflow: 'standard',
      assignee: 1,
      expiresAt: LATER,
      fourEyesApprovals: 0,
      fourEyesKeysApprove: false,
    },
    EARLIER,
    id,
  );
  return { ...made, status };
}

const sibling = (id: string, status: number): Sibling => ({ id, status, partnerId: 'beneficiary' });
const completed = { status: 'completed', status_reason: 'accepted' } as const;
const failed = { status: 'failed', status_reason: 'insufficient_funds' } as const;

function run(s: State, tasks: Sibling[], input: typeof completed | typeof failed | object, overCap = false) {
  return decide(s, tasks, input as never, ACTOR, NO_PROVENANCE, overCap, NOW);
}

describe('the admission task state machine (DESIGN §5)', () => {
  it('admits the payment when its last open task completes: transaction, two lines, the events', () => {
    const s = state();
    const change = run(s, [sibling('tsk_1', TASK.pending), sibling('tsk_2', TASK.completed)], completed)!;
    expect(change.outcome).toBe('admitted');
    expect(change.sub).toMatchObject({ status: SUBMISSION.admitted, updatedAt: NOW });
    expect(change.sub.transactionId).toBe(change.txn!.id);
    expect(change.txn).toMatchObject({ amountMinor: 5_000n, currency: 'USD', clearedAt: NOW });
    expect(change.lines!.map((l) => [l.partnerId, l.direction, l.transactionType])).toEqual([
      ['debtor', 'TD_Debit', 'TT_PAYMENT'],
      ['beneficiary', 'TD_Credit', 'TT_PAYMENT'],
    ]);
    expect(change.task).toMatchObject({ status: TASK.completed, updatedBy: 'usr_ops', updatedAt: NOW });
    expect(change.task.history).toHaveLength(1);
    expect(change.events[0]).toMatchObject({ type: 'admission_task.updated', partnerId: 'beneficiary' });
    expect(change.events.map((e) => e.type)).toContain('payment.admitted');
    // Without a cap to check, the positions are still moved, under the cap's guard.
    expect(change.liquidity).toEqual({
      kind: 'move',
      move: { debtor: 'debtor', beneficiary: 'beneficiary', currency: 'USD', amount: 5_000n },
    });
  });

  it('leaves the submission open while another task is open, on hold when one is held', () => {
    const open = run(state(), [sibling('tsk_1', TASK.pending), sibling('tsk_2', TASK.pending)], completed)!;
    expect(open.outcome).toBe('open');
    expect(open.sub).toBe(open.seen);
    const held = run(state(), [sibling('tsk_1', TASK.pending), sibling('tsk_2', TASK.pending)], {
      status: 'on_hold',
      status_reason: 'accepted',
    })!;
    expect(held.outcome).toBe('open');
    expect(held.sub).toMatchObject({ status: SUBMISSION.on_hold, updatedAt: NOW });
  });

  it('rejects the payment when a task fails, closing the other open tasks with it', () => {
    const change = run(
      state(),
      [sibling('tsk_1', TASK.pending), sibling('tsk_2', TASK.on_hold), sibling('tsk_3', TASK.completed)],
      failed,
    )!;
    expect(change.outcome).toBe('rejected');
    expect(change.sub.status).toBe(SUBMISSION.rejected);
    expect(change.exception).toMatchObject({ exceptionCode: 'INSUFFICIENT_FUNDS', createdAt: NOW });
    expect(change.closed!.map((t) => t.id)).toEqual(['tsk_2']);
    expect(change.events.filter((e) => e.type === 'payment.rejected').map((e) => e.partnerId)).toEqual([
      'debtor',
      'beneficiary',
    ]);
  });

  it('answers the same final answer again with no change, and refuses moves out of a final status', () => {
    const done = state({
      task: { ...task('tsk_1', TASK.completed), statusReason: reasonCode('accepted') },
    });
    expect(run(done, [sibling('tsk_1', TASK.completed)], completed)).toBeNull();
    expect(() => run(done, [sibling('tsk_1', TASK.completed)], failed)).toThrow(
      'A task that is completed cannot become failed',
    );
    const admitted = state({ sub: { ...state().sub, status: SUBMISSION.admitted } });
    expect(() => run(admitted, [sibling('tsk_1', TASK.pending)], completed)).toThrow(
      'The submission is already admitted',
    );
  });

  it('past the debtor cap: queues when its namespace queues, rejects it for the cap otherwise', () => {
    const liquidity = {
      balance: 10_000n,
      cap: 6_000n,
      unlimited: false,
      allowUnsecured: false,
      position: 2_000n,
      queuedCount: 0,
      queuedAmount: 0n,
    };
    const queued = run(
      state({ debtorOnCap: 'queue', debtorLiquidity: liquidity }),
      [sibling('tsk_1', TASK.pending)],
      completed,
      true,
    )!;
    expect(queued.outcome).toBe('open');
    expect(queued.sub.liquidityQueuedAt).toEqual(NOW);
    expect(queued.liquidity).toMatchObject({
      kind: 'queue',
      alert: { partner: 'debtor', currency: 'USD', position: 2_000n, limit: 6_000n },
      queued: { submissionId: 'sub_1', queuedAt: NOW, expiresAt: LATER, amount: 5_000n },
    });
    expect(queued.events.at(-1)).toMatchObject({
      type: 'liquidity.cap_reached',
      data: { headroom: '4000', outcome: 'queued' },
    });

    const refused = run(
      state({ debtorLiquidity: liquidity }),
      [sibling('tsk_1', TASK.pending)],
      completed,
      true,
    )!;
    expect(refused.outcome).toBe('rejected');
    expect(refused.exception).toMatchObject({
      exceptionCode: 'NET_DEBIT_CAP_EXCEEDED',
      blame: 'debtor_party',
    });
    expect(refused.liquidity?.kind).toBe('refuse');
  });

  it('a currency never opened for the debtor: refused as not enabled; a queue past its bound: refused, not queued', () => {
    const closed = run(state(), [sibling('tsk_1', TASK.pending)], completed, true)!;
    expect(closed.outcome).toBe('rejected');
    expect(closed.exception).toMatchObject({ exceptionCode: 'CURRENCY_NOT_ENABLED', blame: 'debtor_party' });
    expect(closed.events.find((e) => e.type === 'liquidity.cap_reached')).toMatchObject({
      data: { limit: '0', headroom: '0', outcome: 'rejected' },
    });
    const full = {
      balance: 10_000n,
      cap: 6_000n,
      unlimited: false,
      allowUnsecured: false,
      position: 6_000n,
      queuedCount: 1,
      queuedAmount: MAX_LIQUIDITY_MINOR - 4_999n,
    };
    const refused = run(
      state({ debtorOnCap: 'queue', debtorLiquidity: full }),
      [sibling('tsk_1', TASK.pending)],
      completed,
      true,
    )!;
    expect(refused.outcome).toBe('rejected');
    expect(refused.exception).toMatchObject({ exceptionCode: 'NET_DEBIT_CAP_EXCEEDED' });
    const fits = run(
      state({
        debtorOnCap: 'queue',
        debtorLiquidity: { ...full, queuedAmount: MAX_LIQUIDITY_MINOR - 5_000n },
      }),
      [sibling('tsk_1', TASK.pending)],
      completed,
      true,
    )!;
    expect(fits.liquidity?.kind).toBe('queue');
  });

  it('keeps a payment behind its debtor’s queue, oldest first, even when it would fit', () => {
    const liquidity = {
      balance: 10_000n,
      cap: null,
      unlimited: true,
      allowUnsecured: false,
      position: 0n,
      queuedCount: 2,
      queuedAmount: 200n,
    };
    const change = run(
      state({ debtorOnCap: 'queue', debtorLiquidity: liquidity }),
      [sibling('tsk_1', TASK.pending)],
      completed,
    )!;
    expect(change.liquidity?.kind).toBe('queue');
    expect(change.txn).toBeUndefined();
  });

  it('four eyes: the first of two approvals keeps the task pending; the maker may not approve', () => {
    const policy = { fourEyesThreshold: 1_000n, fourEyesApprovals: 2, fourEyesKeysApprove: false };
    const first = run(state({ policy }), [sibling('tsk_1', TASK.pending)], completed)!;
    expect(first.outcome).toBe('open');
    expect(first.task.status).toBe(TASK.pending);
    expect(first.approval).toMatchObject({ actor: 'usr:usr_ops', at: NOW.getTime() / 1000 });
    // The person who created the payment cannot approve its task.
    const made = state({ policy });
    made.payment = { ...made.payment, createdBy: 'usr:usr_ops' };
    expect(() => run(made, [sibling('tsk_1', TASK.pending)], completed)).toThrow(
      'the person who created or submitted the payment',
    );
    // Nor can the same person give the second approval.
    const once = state({ policy, task: { ...task('tsk_1', TASK.pending), approvals: [first.approval!] } });
    expect(() => run(once, [sibling('tsk_1', TASK.pending)], completed)).toThrow(
      'You already approved this task',
    );
  });

  it('four eyes: a task keeps what the policy required when it was made; switching it off lets nobody through alone', () => {
    const policy = { fourEyesThreshold: 1_000n, fourEyesApprovals: 2, fourEyesKeysApprove: false };
    // Made under a policy of two approvals by people; the policy is switched off since.
    const fixed = { ...task('tsk_1', TASK.pending), fourEyesApprovals: 2, fourEyesKeysApprove: false };
    const off = state({ policy: NO_FOUR_EYES, task: fixed });
    off.payment = { ...off.payment, createdBy: 'usr:usr_ops' };
    expect(() => run(off, [sibling('tsk_1', TASK.pending)], completed)).toThrow(
      'the person who created or submitted the payment',
    );
    // A key may not approve either (the policy then did not let keys), nor does one approval complete it.
    const byKey = { by: 'key_other', label: 'Key', credential: 'key:key_other' };
    const loosened = state({
      policy: { fourEyesThreshold: 1_000_000n, fourEyesApprovals: 1, fourEyesKeysApprove: true },
      task: fixed,
    });
    expect(() => decide(loosened, [], completed, byKey, NO_PROVENANCE, false, NOW)).toThrow('an API key');
    const first = run(loosened, [sibling('tsk_1', TASK.pending)], completed)!;
    expect(first.task.status).toBe(TASK.pending);
    // Strengthening applies at once: a task made without four eyes is covered by the policy now.
    const strengthened = state({ policy, task: task('tsk_1', TASK.pending) });
    strengthened.payment = { ...strengthened.payment, createdBy: 'usr:usr_ops' };
    expect(() => run(strengthened, [sibling('tsk_1', TASK.pending)], completed)).toThrow(
      'the person who created or submitted the payment',
    );
  });

  it('a reason must fit its status', () => {
    expect(() => checkReason({ status: 'completed', status_reason: 'insufficient_funds' } as never)).toThrow(
      'status_reason must be accepted when status is completed',
    );
    expect(() => checkReason({ status: 'failed', status_reason: 'accepted' } as never)).toThrow(
      'status_reason must name the failure when status is failed',
    );
  });
});
