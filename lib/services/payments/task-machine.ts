/**
 * The admission task's state machine (DESIGN §5) and what each move leads to, with no I/O: given
 * the state read in one snapshot (lib/services/payments/task-update.ts), `decide` answers the
 * change to write — the task and its history, the submission, the payment's rejection with its
 * exception, its admission with the transaction and lines, the liquidity queue or the cap's
 * refusal, and the events — or null when the same final answer is repeated. It throws for the
 * moves DESIGN §5 forbids and for a checker the four-eyes policy refuses.
 */
import { ConflictError, ForbiddenError, ValidationError } from '@/lib/errors';
import type { schema } from '@/lib/db';
import type { TaskApproval } from '@/lib/db/schema/payments';
import {
  approvalRefusal,
  taskRequirement,
  type CheckerAccount,
  type FourEyesPolicy,
} from '@/lib/domain/four-eyes';
import { liquidityLimit } from '@/lib/domain/liquidity';
import { MAX_LIQUIDITY_MINOR } from '@/lib/domain/currencies';
import { partiesOfNamespaces, type Parties } from '@/lib/domain/links';
import { blameFor, reasonCode, type Reason } from '@/lib/domain/reasons';
import { SUBMISSION, TASK, taskStatusName } from '@/lib/domain/statuses';
import type { EventInput } from '@/lib/events/emit';
import { newId } from '@/lib/ids';
import type { UpdateAdmissionTaskBody } from '@/lib/schemas/tasks';
import { movesPositions, type PositionMove, type Queued } from '../liquidity/admission';
import { admissionOf } from '../lifecycle/admitted';
import { serializeSubmission, serializeTask, taskHistoryEntry, type TaskActor } from '../lifecycle/serialize';

type Tables = typeof schema;
export type TaskRow = Tables['admissionTasks']['$inferSelect'];
export type SubmissionRow = Tables['submissions']['$inferSelect'];
export type PaymentRow = Tables['payments']['$inferSelect'];
type ExceptionInsert = Tables['paymentExceptions']['$inferInsert'];
type TransactionRow = Tables['transactions']['$inferSelect'];
type LineRow = Tables['transactionLines']['$inferSelect'];

/** A task update as its schema validated it (lib/schemas/tasks.ts). */
export type TaskUpdateInput = UpdateAdmissionTaskBody;

/**
 * What names a new task: whose, of which submission, its kind, and what four eyes require of it
 * under its assignee's policy now (`requirementOf`, kept: lib/domain/four-eyes.ts).
 */
export type NewTask = Pick<
  TaskRow,
  | 'admissionId'
  | 'submissionId'
  | 'paymentPk'
  | 'paymentId'
  | 'orgId'
  | 'partnerId'
  | 'name'
  | 'workflow'
  | 'assignee'
  | 'expiresAt'
  | 'fourEyesApprovals'
  | 'fourEyesKeysApprove'
>;

/**
 * A task as it is made (an admission's tasks at submission, a return request's): pending, nothing
 * decided, noted, approved or claimed yet; it expires with its payment.
 */
export function pendingTask(t: NewTask, now: Date, id: string = newId('task')): TaskRow {
  return {
    id,
    ...t,
    status: TASK.pending,
    statusReason: 0,
    note: null,
    updatedBy: null,
    history: [],
    approvals: [],
    claimedBy: null,
    claimedByLabel: null,
    claimedUntil: null,
    ruleId: null,
    ruleName: null,
    ruleAction: null,
    payerAddress: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Legal moves of DESIGN §5: completed and failed are final. */
const NEXT: Record<number, number[]> = {
  [TASK.pending]: [TASK.completed, TASK.failed, TASK.on_hold],
  [TASK.on_hold]: [TASK.pending, TASK.completed, TASK.failed],
  [TASK.completed]: [],
  [TASK.failed]: [],
};

/** The reason fits the status: `accepted` for completed, a failure for failed. */
export function checkReason(input: TaskUpdateInput) {
  if (input.status === 'completed' && input.status_reason !== 'accepted')
    throw new ValidationError('status_reason must be accepted when status is completed', 'status_reason');
  if (input.status === 'failed' && input.status_reason === 'accepted')
    throw new ValidationError('status_reason must name the failure when status is failed', 'status_reason');
}

export type State = {
  task: TaskRow;
  sub: SubmissionRow;
  payment: PaymentRow;
  debtorOrgId: string;
  beneficiaryOrgId: string;
  /** The assignee namespace's four-eyes policy now (the task keeps the one it was made under). */
  policy: FourEyesPolicy;
  /** The debtor namespace's choice past its cap, and its position row in the payment's currency (none yet: null). */
  debtorOnCap: 'reject' | 'queue';
  /** A sandbox debtor's currencies open on its first payment out in them (lib/services/liquidity/positions.ts). */
  debtorEnvironment: 'sandbox' | 'production';
  debtorLiquidity: {
    balance: bigint;
    cap: bigint | null;
    unlimited: boolean;
    allowUnsecured: boolean;
    position: bigint;
    queuedCount: number;
    queuedAmount: bigint;
  } | null;
};

/** Four eyes' facts beyond the task's state: who holds the maker keys' secrets, the checker's account. */
export interface Provenance {
  /** Of the keys that created or submitted the payment. */
  keyHolders: string[];
  /** Of the checker: a person's account, or a key's holders. */
  account: CheckerAccount | null;
  checkerKeyHolders: string[];
}
export const NO_PROVENANCE: Provenance = { keyHolders: [], account: null, checkerKeyHolders: [] };

/** What one task update writes; `outcome` and the number of events fix the statement's shape. */
export interface Change {
  outcome: 'open' | 'rejected' | 'admitted';
  /** The task after the update, and its status before. */
  task: TaskRow;
  taskBefore: number;
  payment: PaymentRow;
  /** The submission as read (its version and status guard the write) and after the update. */
  seen: SubmissionRow;
  sub: SubmissionRow;
  /** A first approval of a task that needs two: kept, and the task stays open. */
  approval?: TaskApproval;
  exception?: ExceptionInsert;
  txn?: Omit<TransactionRow, 'batchId' | 'settledAt'>;
  lines?: LineRow[];
  events: EventInput[];
  /**
   * The other tasks of the admission still open when it is rejected: they close with it
   * (docs/decisions.md "Tasks close with their payment"), out of the waiting figures.
   */
  closed?: Sibling[];
  /**
   * What the debtor's net debit cap does (lib/services/liquidity/admission.ts): `move` an admission
   * moves both positions, guarded by the cap; `queue` holds it in the liquidity queue; `refuse`
   * rejects it for the cap. Both of the last alert the debtor's admins.
   */
  liquidity?:
    | { kind: 'move'; move: PositionMove }
    | { kind: 'queue'; queued: Queued; alert: CapAlert }
    | { kind: 'refuse'; alert: CapAlert };
}

type CapAlert = { partner: string; currency: string; position: bigint; limit: bigint | null };

/** A task of the same admission, as the state read holds it. */
export type Sibling = { id: string; status: number; partnerId: string };

/** The rules: null when the same final answer is repeated; 409 for moves DESIGN §5 forbids. */
export function decide(
  state: State,
  tasks: Sibling[],
  input: TaskUpdateInput,
  actor: TaskActor,
  provenance: Provenance,
  overCap: boolean,
  now: Date,
): Change | null {
  const { task, sub, payment } = state;
  const target = TASK[input.status];
  const reason = reasonCode(input.status_reason);
  if (
    task.status === target &&
    task.statusReason === reason &&
    (target === TASK.completed || target === TASK.failed)
  )
    return null;
  if (sub.status !== SUBMISSION.pending && sub.status !== SUBMISSION.on_hold) {
    throw new ConflictError(
      `The submission is already ${Object.keys(SUBMISSION).find((k) => SUBMISSION[k as keyof typeof SUBMISSION] === sub.status)}`,
    );
  }
  if (!NEXT[task.status]!.includes(target)) {
    throw new ConflictError(`A task that is ${taskStatusName(task.status)} cannot become ${input.status}`);
  }
  // Four eyes: an approval by a checker, the first of two leaving the task open (pending).
  let approval: TaskApproval | undefined;
  let approvalNumber: number | undefined;
  let status = target;
  // What the policy required when the task was made, or now where that is stricter.
  const requirement = taskRequirement(task, state.policy, payment.amountMinor);
  const required = requirement.approvals;
  if (target === TASK.completed && required > 0) {
    const approvedBy = task.approvals.map((a) => a.actor);
    const refusal = approvalRefusal(
      requirement,
      {
        credential: actor.credential ?? null,
        account: provenance.account,
        keyHolders: provenance.checkerKeyHolders,
      },
      {
        credentials: [payment.createdBy, sub.submittedBy, ...provenance.keyHolders],
        madeAt: payment.createdAt,
      },
      approvedBy,
    );
    if (refusal) throw new ForbiddenError(refusal);
    approvalNumber = task.approvals.length + 1;
    if (approvalNumber < required) {
      status = TASK.pending;
      approval = {
        actor: actor.credential ?? actor.by,
        updated_by: actor.by,
        updated_by_label: actor.label,
        at: Math.floor(now.getTime() / 1000),
      };
    }
  }
  const changed: TaskRow = {
    ...task,
    status,
    statusReason: reason,
    note: input.note ?? null,
    updatedBy: actor.by,
    updatedAt: now,
    approvals: approval ? [...task.approvals, approval] : task.approvals,
  };
  // The history read in the same snapshot as the version the write is guarded by: nothing can
  // have been appended since, so this is what the write leaves in the row.
  const updated: TaskRow = {
    ...changed,
    history: [...task.history, taskHistoryEntry(changed, actor.label, approvalNumber)],
  };
  const parties = partiesOfNamespaces([
    { id: payment.debtorPartnerId, orgId: state.debtorOrgId },
    { id: payment.beneficiaryPartnerId, orgId: state.beneficiaryOrgId },
  ]);
  // To the assignee's namespace, as its organization sees the task.
  const events: EventInput[] = [
    {
      type: 'admission_task.updated',
      orgId: updated.orgId,
      partnerId: updated.partnerId,
      data: { task: serializeTask(updated, updated.orgId) },
    },
  ];
  const statuses = tasks.map((t) => (t.id === task.id ? status : t.status));
  if (target === TASK.failed) {
    const closed = tasks.filter(
      (t) => t.id !== task.id && (t.status === TASK.pending || t.status === TASK.on_hold),
    );
    return { ...reject(state, updated, input.status_reason, now, parties, events), closed };
  }
  if (statuses.every((s) => s === TASK.completed)) {
    const move: PositionMove = {
      debtor: payment.debtorPartnerId,
      beneficiary: payment.beneficiaryPartnerId,
      currency: payment.currency,
      amount: payment.amountMinor,
    };
    if (!movesPositions(move)) return admit(state, updated, now, parties, events);
    // Oldest first per debtor: while its earlier payments wait in the queue, this one waits too.
    const behindQueue = state.debtorOnCap === 'queue' && (state.debtorLiquidity?.queuedCount ?? 0) > 0;
    if (!overCap && !behindQueue)
      return { ...admit(state, updated, now, parties, events), liquidity: { kind: 'move', move } };
    // The queue's sum is bounded as positions are: past it, a payment is refused rather than queued.
    const queued = state.debtorLiquidity?.queuedAmount ?? 0n;
    return state.debtorOnCap === 'queue' && queued + move.amount <= MAX_LIQUIDITY_MINOR
      ? holdForLiquidity(state, updated, move, now, events)
      : refuseForCap(state, updated, move, now, parties, events);
  }
  const next = statuses.some((s) => s === TASK.on_hold) ? SUBMISSION.on_hold : SUBMISSION.pending;
  // The submission's updated_at moves only when its status does, as it always has.
  const after = next === sub.status ? sub : { ...sub, status: next, updatedAt: now };
  return {
    outcome: 'open',
    task: updated,
    taskBefore: task.status,
    payment,
    seen: sub,
    sub: after,
    approval,
    events,
  };
}

/** Why a submission is rejected: a task's failure reason, or the debtor's net debit cap. */
type Refusal = { code: string; message: string; blame: string };

const failedTask = (reason: Reason): Refusal => ({
  code: reason.toUpperCase(),
  message: `Admission failed: ${reason.replace(/_/g, ' ')}`,
  blame: blameFor(reason),
});

function reject(
  state: State,
  task: TaskRow,
  why: Reason | Refusal,
  now: Date,
  parties: Parties,
  events: EventInput[],
): Change {
  const { sub, payment } = state;
  const refusal = typeof why === 'string' ? failedTask(why) : why;
  const exception = {
    id: newId('exc'),
    paymentPk: payment.id,
    paymentId: payment.paymentId,
    submissionId: sub.id,
    orgId: payment.orgId,
    partnerId: payment.partnerId,
    recordType: 'PaymentSubmission',
    exceptionCode: refusal.code,
    exceptionMessage: refusal.message,
    blame: refusal.blame,
    createdAt: now,
  };
  const after: SubmissionRow = { ...sub, status: SUBMISSION.rejected, updatedAt: now };
  const data = {
    submission: serializeSubmission(after, payment),
    exception: { token: exception.id, exception_code: exception.exceptionCode, blame: exception.blame },
  };
  for (const p of parties) events.push({ type: 'payment.rejected', ...p, data });
  return {
    outcome: 'rejected',
    task,
    taskBefore: state.task.status,
    payment: state.payment,
    seen: sub,
    sub: after,
    exception,
    events,
  };
}

/** The debtor's figures for the cap's event and alert (before this payment). */
function capFigures(state: State, move: PositionMove) {
  const l = state.debtorLiquidity;
  const figures = l ?? { balance: 0n, cap: null, unlimited: false, allowUnsecured: false, position: 0n };
  const limit = liquidityLimit(figures);
  return {
    alert: { partner: move.debtor, currency: move.currency, position: figures.position, limit },
    data: {
      partner_id: move.debtor,
      currency: move.currency,
      payment_id: state.payment.paymentId,
      amount: move.amount.toString(),
      position: figures.position.toString(),
      limit: limit?.toString() ?? null,
      headroom: limit === null ? null : (limit > figures.position ? limit - figures.position : 0n).toString(),
    },
  };
}

/**
 * Every task completed but the payment does not fit under the debtor's cap, and its namespace
 * queues: the submission stays pending with `liquidity_queued_at`, in the liquidity queue until
 * the network admits it (lib/services/liquidity/release.ts) or it expires.
 */
function holdForLiquidity(
  state: State,
  task: TaskRow,
  move: PositionMove,
  now: Date,
  events: EventInput[],
): Change {
  const { sub, payment } = state;
  const { alert, data } = capFigures(state, move);
  events.push({
    type: 'liquidity.cap_reached',
    orgId: state.debtorOrgId,
    partnerId: move.debtor,
    data: { ...data, outcome: 'queued' },
  });
  return {
    outcome: 'open',
    task,
    taskBefore: state.task.status,
    payment,
    seen: sub,
    sub: { ...sub, liquidityQueuedAt: now },
    events,
    liquidity: {
      kind: 'queue',
      alert,
      queued: {
        ...move,
        submissionId: sub.id,
        paymentPk: payment.id,
        paymentId: payment.paymentId,
        queuedAt: now,
        expiresAt: sub.expiresAt,
      },
    },
  };
}

/** Every task completed but the payment does not fit, and its debtor's namespace rejects. */
function refuseForCap(
  state: State,
  task: TaskRow,
  move: PositionMove,
  now: Date,
  parties: Parties,
  events: EventInput[],
): Change {
  const { alert, data } = capFigures(state, move);
  events.push({
    type: 'liquidity.cap_reached',
    orgId: state.debtorOrgId,
    partnerId: move.debtor,
    data: { ...data, outcome: 'rejected' },
  });
  const l = state.debtorLiquidity;
  // No cap and not unlimited: the currency was never opened for the debtor (no credit without a limit).
  const closed = !l || (l.cap === null && !l.unlimited);
  const refusal: Refusal = closed
    ? {
        code: 'CURRENCY_NOT_ENABLED',
        message: `Admission failed: ${move.currency} is not open for net debit for the debtor's namespace (no net debit cap); the network's operator opens a currency for a participant`,
        blame: 'debtor_party',
      }
    : {
        code: 'NET_DEBIT_CAP_EXCEEDED',
        message: `Admission failed: the payment exceeds the debtor's net debit cap (headroom ${data.headroom ?? 'none'} ${move.currency} minor units)`,
        blame: 'debtor_party',
      };
  return { ...reject(state, task, refusal, now, parties, events), liquidity: { kind: 'refuse', alert } };
}

function admit(state: State, task: TaskRow, now: Date, parties: Parties, events: EventInput[]): Change {
  const admitted = admissionOf(state.payment, state.sub, now, parties);
  return {
    outcome: 'admitted',
    task,
    taskBefore: state.task.status,
    payment: state.payment,
    seen: state.sub,
    sub: admitted.sub,
    txn: admitted.txn,
    lines: admitted.lines,
    events: [...events, ...admitted.events],
  };
}
