import { aliasedTable, and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { schema, type Db } from '@/lib/db';
import { perDatabase } from '@/lib/db/prepared';
import { slot, slots, slotValues } from '@/lib/db/prepared';
import { finalWrite, type AttachedWrite } from '@/lib/db/final-write';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@/lib/errors';
import { approvalRefusal, approvalsRequired, type FourEyesPolicy } from '@/lib/domain/four-eyes';
import type { TaskApproval } from '@/lib/db/schema/payments';
import { newId } from '@/lib/ids';
import { eventsInsertSlots, eventValues, type EventInput } from '../events/emit';
import { auditInsertSlots, auditValues, type AuditContext } from '../audit/record';
import { SUBMISSION, TASK, taskStatusName } from '@/lib/domain/statuses';
import { blameFor, reasonCode, REASONS, type Reason } from '@/lib/domain/reasons';
import { partiesOfNamespaces, type Parties } from '@/lib/domain/links';
import {
  serializeSubmission,
  serializeTask,
  serializeTransaction,
  taskHistoryEntry,
  type TaskActor,
} from './serialize';
import type { UpdateAdmissionTaskBody } from '@/lib/schemas/tasks';
import {
  awaitingAdded,
  deltasInsertSlots,
  deltaValues,
  exceptionAdded,
  paymentMoved,
  submissionStatusName,
  taskMoved,
  type RollupDelta,
} from '../overview/deltas';

const {
  admissionTasks,
  submissions,
  payments,
  transactions,
  transactionLines,
  paymentExceptions,
  namespaces,
} = schema;
type TaskRow = typeof admissionTasks.$inferSelect;
type SubmissionRow = typeof submissions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** A task update as its schema validated it (lib/schemas/tasks.ts). */
export type TaskUpdateInput = UpdateAdmissionTaskBody;

/** A task by id; from the API also by its assignee, admission and payment_id (else 404). */
export type TaskSelector = { taskId: string; assignee?: string; admissionId?: string; paymentId?: string };

/** Legal moves of DESIGN §5: completed and failed are final. */
const NEXT: Record<number, number[]> = {
  [TASK.pending]: [TASK.completed, TASK.failed, TASK.on_hold],
  [TASK.on_hold]: [TASK.pending, TASK.completed, TASK.failed],
  [TASK.completed]: [],
  [TASK.failed]: [],
};

/** A concurrent change of the same admission makes the write fail; read again this often. */
const ATTEMPTS = 8;

export function checkReason(input: TaskUpdateInput) {
  if (input.status === 'completed' && input.status_reason !== 'accepted')
    throw new ValidationError('status_reason must be accepted when status is completed');
  if (input.status === 'failed' && input.status_reason === 'accepted')
    throw new ValidationError('status_reason must name the failure when status is failed');
}

const debtorNs = aliasedTable(namespaces, 'debtor_ns');
const beneficiaryNs = aliasedTable(namespaces, 'beneficiary_ns');
const assigneeNs = aliasedTable(namespaces, 'assignee_ns');
const sibling = aliasedTable(admissionTasks, 'sibling');

/**
 * Everything a task update decides on, in one prepared read: the task, its submission (with its
 * version), the payment, the organizations of the payment's two namespaces (the parties of its
 * events), the assignee namespace's four-eyes policy and the status of every task of the
 * admission (one row per task). One snapshot, so the statuses and the version agree.
 */
function taskStateQuery(db: Db, scoped: boolean) {
  const match = [eq(admissionTasks.id, slot('taskId'))];
  if (scoped)
    match.push(
      eq(admissionTasks.partnerId, slot('assignee')),
      eq(admissionTasks.admissionId, slot('admissionId')),
      eq(admissionTasks.paymentId, slot('paymentId')),
    );
  return db
    .select({
      task: admissionTasks,
      sub: submissions,
      payment: payments,
      debtorOrgId: debtorNs.orgId,
      beneficiaryOrgId: beneficiaryNs.orgId,
      policy: {
        fourEyesThreshold: assigneeNs.fourEyesThreshold,
        fourEyesApprovals: assigneeNs.fourEyesApprovals,
        fourEyesKeysApprove: assigneeNs.fourEyesKeysApprove,
      },
      sibling: { id: sibling.id, status: sibling.status, partnerId: sibling.partnerId },
    })
    .from(admissionTasks)
    .innerJoin(submissions, eq(submissions.id, admissionTasks.submissionId))
    .innerJoin(payments, eq(payments.id, submissions.paymentPk))
    .innerJoin(debtorNs, eq(debtorNs.id, payments.debtorPartnerId))
    .innerJoin(beneficiaryNs, eq(beneficiaryNs.id, payments.beneficiaryPartnerId))
    .innerJoin(assigneeNs, eq(assigneeNs.id, admissionTasks.partnerId))
    .innerJoin(sibling, eq(sibling.admissionId, admissionTasks.admissionId))
    .where(and(...match))
    .prepare(scoped ? 'tasks_state_scoped' : 'tasks_state');
}
const taskState = perDatabase((db) => taskStateQuery(db, false));
const scopedTaskState = perDatabase((db) => taskStateQuery(db, true));

/**
 * The state machine and its consequences (DESIGN §5), written with optimistic concurrency: read
 * the state (one round trip), decide, then write the task, the submission, the transaction or
 * exception and the events as one prepared statement (one round trip) that first moves the
 * submission's `version` on, but only from the version read. If another update of the same
 * admission (or the expiry sweeper) came first, the whole statement fails and we read again, so
 * concurrent updates are serialized and each real change writes exactly one
 * `admission_task.updated` event. Used by the API and by the Sandbox Bank worker. `actor` is who
 * changes the task (a plain string: the same name for every viewer); the answer is the task as
 * the assignee's organization sees it (only the assignee updates a task).
 */
export async function applyTaskUpdate(
  db: Db,
  task: string | TaskSelector,
  input: TaskUpdateInput,
  actor: string | TaskActor,
  attached?: AttachedWrite,
  /** Who decides, for the audit trail: a person's or a key's decision (the Sandbox Bank's are not). */
  audit?: AuditContext,
) {
  checkReason(input);
  const by: TaskActor = typeof actor === 'string' ? { by: actor, label: actor } : actor;
  const sel: TaskSelector = typeof task === 'string' ? { taskId: task } : task;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const rows =
      sel.assignee === undefined
        ? await taskState(db).execute({ taskId: sel.taskId })
        : await scopedTaskState(db).execute({
            taskId: sel.taskId,
            assignee: sel.assignee,
            admissionId: sel.admissionId,
            paymentId: sel.paymentId,
          });
    if (rows.length === 0) throw new NotFoundError(`Task ${sel.taskId} not found`);
    const change = decide(
      rows[0]!,
      rows.map((r) => r.sibling),
      input,
      by,
    );
    const { task: current } = rows[0]!;
    if (!change) return serializeTask(current, current.orgId); // the same final answer again: unchanged, no event
    try {
      const answer = serializeTask(change.task, change.task.orgId);
      await writeChange(db, change, attached, answer, audit);
      return answer;
    } catch (err) {
      if (!isLostRace(err)) throw err;
    }
  }
  throw new ConflictError(`Task ${sel.taskId} is being changed by other requests; try again`);
}

type State = {
  task: TaskRow;
  sub: SubmissionRow;
  payment: PaymentRow;
  debtorOrgId: string;
  beneficiaryOrgId: string;
  policy: FourEyesPolicy;
};

/** What one task update writes; `outcome` and the number of events fix the statement's shape. */
interface Change {
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
  exception?: typeof paymentExceptions.$inferInsert;
  txn?: Omit<typeof transactions.$inferSelect, 'batchId' | 'settledAt'>;
  lines?: Array<typeof transactionLines.$inferSelect>;
  events: EventInput[];
  /**
   * The other tasks of the admission still open when it is rejected: they close with it
   * (docs/decisions.md "Tasks close with their payment"), out of the waiting figures.
   */
  closed?: Sibling[];
}

/** A task of the same admission, as the state read holds it. */
type Sibling = { id: string; status: number; partnerId: string };

/** The rules: null when the same final answer is repeated; 409 for moves DESIGN §5 forbids. */
function decide(state: State, tasks: Sibling[], input: TaskUpdateInput, actor: TaskActor): Change | null {
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
  const now = new Date();
  // Four eyes: an approval by a checker, the first of two leaving the task open (pending).
  let approval: TaskApproval | undefined;
  let approvalNumber: number | undefined;
  let status = target;
  const required = approvalsRequired(state.policy, task.name, payment.amountMinor);
  if (target === TASK.completed && required > 0) {
    const approvedBy = task.approvals.map((a) => a.actor);
    const refusal = approvalRefusal(
      state.policy,
      { credential: actor.credential ?? null },
      [payment.createdBy, sub.submittedBy],
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
  if (statuses.every((s) => s === TASK.completed)) return admit(state, updated, now, parties, events);
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

function reject(
  state: State,
  task: TaskRow,
  reason: Reason,
  now: Date,
  parties: Parties,
  events: EventInput[],
): Change {
  const { sub, payment } = state;
  const exception = {
    id: newId('exc'),
    paymentPk: payment.id,
    paymentId: payment.paymentId,
    submissionId: sub.id,
    orgId: payment.orgId,
    partnerId: payment.partnerId,
    recordType: 'PaymentSubmission',
    exceptionCode: reason.toUpperCase(),
    exceptionMessage: `Admission failed: ${reason.replace(/_/g, ' ')}`,
    blame: blameFor(reason),
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

function admit(state: State, task: TaskRow, now: Date, parties: Parties, events: EventInput[]): Change {
  const { sub, payment } = state;
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
    transactionType: 'TT_PAYMENT',
  });
  const lines = [line(payment.debtorPartnerId, 'TD_Debit'), line(payment.beneficiaryPartnerId, 'TD_Credit')];
  const after: SubmissionRow = { ...sub, status: SUBMISSION.admitted, transactionId: txn.id, updatedAt: now };
  const subWire = serializeSubmission(after, payment);
  const txnWire = serializeTransaction({ ...txn, batchId: null, settledAt: null }, lines);
  for (const p of parties) {
    events.push({ type: 'payment.admitted', ...p, data: { submission: subWire } });
    events.push({ type: 'transaction.created', ...p, data: { transaction: txnWire } });
  }
  return {
    outcome: 'admitted',
    task,
    taskBefore: state.task.status,
    payment: state.payment,
    seen: sub,
    sub: after,
    txn,
    lines,
    events,
  };
}

/**
 * The change as one prepared statement, with the caller's attached write (the fast path) when one is
 * given (`finalWrite`). Its part `guard` moves the submission to its new status and version only
 * if it still has the version and status that were read; the task's new `updated_at` is taken
 * from the guard's output through `csp_guard_passed`, which aborts the whole statement (nothing is
 * written) with the SQLSTATE `LOST_RACE` when the guard matched no row.
 */
async function writeChange(
  db: Db,
  change: Change,
  attached: AttachedWrite | undefined,
  answer: unknown,
  audit: AuditContext | undefined,
) {
  const deltas = rollupDeltas(change);
  const parts = () => {
    const writes: Array<SQLWrapper | [string, SQLWrapper]> = [
      [
        'guard',
        db
          .update(submissions)
          .set({
            version: sql`${submissions.version} + 1`,
            status: slot('s_status'),
            transactionId: slot('s_transactionId'),
            updatedAt: slot('s_updatedAt'),
          })
          .where(
            and(
              eq(submissions.id, slot('s_id')),
              eq(submissions.version, slot('s_version')),
              eq(submissions.status, slot('s_seenStatus')),
            ),
          )
          .returning({ id: submissions.id }),
      ],
      db
        .update(admissionTasks)
        .set({
          status: slot('t_status'),
          statusReason: slot('t_statusReason'),
          note: slot('t_note'),
          updatedBy: slot('t_updatedBy'),
          // Aborts the statement with LOST_RACE when the guard matched no row (migration 0012).
          updatedAt: sql`csp_guard_passed((select ${slot('t_updatedAt')}::timestamptz from guard))`,
          // Appended here, not rewritten: only the new entry travels (as text, cast once).
          history: sql`${admissionTasks.history} || jsonb_build_array(${slot('t_entry')}::text::jsonb)`,
          ...(change.approval
            ? {
                approvals: sql`${admissionTasks.approvals} || jsonb_build_array(${slot('t_approval')}::text::jsonb)`,
              }
            : {}),
        })
        .where(eq(admissionTasks.id, slot('t_id'))),
    ];
    if (change.exception) writes.push(db.insert(paymentExceptions).values(slots('x_', change.exception)));
    if (change.txn && change.lines) {
      writes.push(db.insert(transactions).values(slots('txn_', change.txn)));
      writes.push(db.insert(transactionLines).values(change.lines.map((l, i) => slots(`l${i}_`, l))));
    }
    writes.push(eventsInsertSlots(db, change.events.length));
    writes.push(deltasInsertSlots());
    if (audit) writes.push(auditInsertSlots(db));
    return writes;
  };
  const { task, sub, seen } = change;
  const values: Record<string, unknown> = {
    s_id: sub.id,
    s_status: sub.status,
    s_transactionId: sub.transactionId,
    s_updatedAt: sub.updatedAt,
    s_version: seen.version,
    s_seenStatus: seen.status,
    t_id: task.id,
    t_status: task.status,
    t_statusReason: task.statusReason,
    t_note: task.note,
    t_updatedBy: task.updatedBy,
    t_updatedAt: task.updatedAt.toISOString(),
    t_entry: JSON.stringify(task.history[task.history.length - 1]),
  };
  if (change.approval) values.t_approval = JSON.stringify(change.approval);
  if (change.exception) slotValues('x_', change.exception, values);
  if (change.txn) slotValues('txn_', change.txn, values);
  change.lines?.forEach((l, i) => slotValues(`l${i}_`, l, values));
  if (audit) {
    auditValues(
      audit,
      {
        action: change.approval ? 'task.approved' : `task.${taskStatusName(task.status)}`,
        target: { type: 'task', id: task.id },
        orgId: task.orgId,
        partnerId: task.partnerId,
        before: { status: taskStatusName(change.taskBefore) },
        after: {
          status: taskStatusName(task.status),
          status_reason: task.statusReason ? (REASONS[task.statusReason - 1] ?? task.statusReason) : null,
          note: task.note,
          payment_id: change.payment.paymentId,
          admission_id: task.admissionId,
          ...(change.approval ? { approvals: task.approvals.length, approvals_required: 2 } : {}),
        },
      },
      values,
    );
  }
  const name = `tasks_update_${change.outcome}_${change.events.length}${audit ? '_audited' : ''}${change.approval ? '_approval' : ''}`;
  await finalWrite(
    db,
    attached,
    name,
    parts,
    deltaValues(deltas, eventValues(change.events, values)),
    answer,
  );
}

/** What the change moves in the overview's figures (lib/services/overview/deltas.ts). */
function rollupDeltas(change: Change): RollupDelta[] {
  const deltas = [
    ...taskMoved(
      change.task.partnerId,
      taskStatusName(change.taskBefore),
      taskStatusName(change.task.status),
    ),
  ];
  if (change.sub.status !== change.seen.status)
    deltas.push(
      ...paymentMoved(
        change.payment,
        submissionStatusName(change.seen.status),
        submissionStatusName(change.sub.status),
      ),
    );
  if (change.exception)
    deltas.push(
      ...exceptionAdded(
        change.payment,
        change.exception.createdAt ?? new Date(),
        change.exception.exceptionCode,
        change.exception.blame,
      ),
    );
  if (change.txn) deltas.push(...awaitingAdded(change.txn));
  for (const t of change.closed ?? [])
    deltas.push(...taskMoved(t.partnerId, taskStatusName(t.status), 'closed'));
  return deltas;
}

/** The SQLSTATE of `csp_guard_passed` (migration 0012): another change of the admission came first. */
const LOST_RACE = 'CSP01';

/** The guard of `writeChange` found the submission changed since it was read. */
function isLostRace(err: unknown): boolean {
  for (let e = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: string }).code === LOST_RACE) return true;
  return false;
}
