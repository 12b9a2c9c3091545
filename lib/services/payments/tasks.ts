import { aliasedTable, and, asc, count, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { actorLabel, type ServiceContext } from '@/lib/api/context';
import type { Db, Tx } from '@/lib/db';
import { schema } from '@/lib/db';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { inOneStatement } from '@/lib/db/single-statement';
import { eventsInsert, type EventInput } from '../events/emit';
import { pageOffset, requireNamespace } from '../guards';
import { blameFor, reasonCode, SUBMISSION, TASK, type Reason, type TaskStatusName } from './model';
import { partiesOfNamespaces, type Parties } from './payments';
import { serializeSubmission, serializeTask, serializeTransaction } from './serialize';

const { admissionTasks, submissions, payments, transactions, transactionLines, paymentExceptions, namespaces } = schema;
type TransactionRow = typeof transactions.$inferSelect;
type LineRow = typeof transactionLines.$inferSelect;

export interface TaskUpdateInput {
  status: TaskStatusName;
  status_reason: Reason;
  note?: string;
}

/** Legal moves of DESIGN §5: completed and failed are final. */
const NEXT: Record<number, number[]> = {
  [TASK.pending]: [TASK.completed, TASK.failed, TASK.on_hold],
  [TASK.on_hold]: [TASK.pending, TASK.completed, TASK.failed],
  [TASK.completed]: [],
  [TASK.failed]: [],
};

function checkReason(input: TaskUpdateInput) {
  if (input.status === 'completed' && input.status_reason !== 'accepted') throw new ValidationError('status_reason must be accepted when status is completed');
  if (input.status === 'failed' && input.status_reason === 'accepted') throw new ValidationError('status_reason must name the failure when status is failed');
}

/** Updates a task of the caller's namespace (the assignee); anyone else gets 404. */
export async function updateTask(ctx: ServiceContext, ids: { paymentId: string; admissionId: string; taskId: string }, input: TaskUpdateInput) {
  const ns = requireNamespace(ctx);
  return applyTaskUpdate(ctx.db, { ...ids, assignee: ns.id }, input, actorLabel(ctx.principal));
}

/** A task by id; from the API also by its assignee, admission and payment_id (else 404). */
export type TaskSelector = { taskId: string; assignee?: string; admissionId?: string; paymentId?: string };

const debtorNs = aliasedTable(namespaces, 'debtor_ns');
const beneficiaryNs = aliasedTable(namespaces, 'beneficiary_ns');

/**
 * The task's submission, locked (FOR UPDATE OF submissions only), with its payment and the
 * organizations of the payment's two namespaces (the parties of its events): one round trip.
 */
function lockSubmissionOfTask(tx: Tx, sel: TaskSelector) {
  const match = [eq(admissionTasks.id, sel.taskId)];
  if (sel.assignee !== undefined) match.push(eq(admissionTasks.partnerId, sel.assignee));
  if (sel.admissionId !== undefined) match.push(eq(admissionTasks.admissionId, sel.admissionId));
  if (sel.paymentId !== undefined) match.push(eq(admissionTasks.paymentId, sel.paymentId));
  const taskSubmission = tx.select({ id: admissionTasks.submissionId }).from(admissionTasks).where(and(...match));
  return tx
    .select({ sub: submissions, payment: payments, debtorOrgId: debtorNs.orgId, beneficiaryOrgId: beneficiaryNs.orgId })
    .from(submissions)
    .innerJoin(payments, eq(payments.id, submissions.paymentPk))
    .innerJoin(debtorNs, eq(debtorNs.id, payments.debtorPartnerId))
    .innerJoin(beneficiaryNs, eq(beneficiaryNs.id, payments.beneficiaryPartnerId))
    .where(eq(submissions.id, taskSubmission))
    .for('update', { of: submissions })
    .limit(1);
}

/**
 * The state machine and its consequences, in one transaction under the submission's row lock:
 * concurrent updates of one admission are serialized, and each real change writes exactly one
 * `admission_task.updated` event. Used by the API and by the Sandbox Bank worker.
 * Round trips: BEGIN, the locked submission, its tasks (read after the lock, so they are current),
 * every write with its events as one statement, COMMIT.
 */
export async function applyTaskUpdate(db: Db, task: string | TaskSelector, input: TaskUpdateInput, actor: string) {
  checkReason(input);
  const sel = typeof task === 'string' ? { taskId: task } : task;
  return db.transaction(async (tx) => {
    const [locked] = await lockSubmissionOfTask(tx, sel);
    if (!locked) throw new NotFoundError(`Task ${sel.taskId} not found`);
    const { sub, payment } = locked;
    const all = await tx.select().from(admissionTasks).where(eq(admissionTasks.admissionId, sub.admissionId));
    const current = all.find((t) => t.id === sel.taskId);
    if (!current) throw new NotFoundError(`Task ${sel.taskId} not found`);
    const target = TASK[input.status];
    const reason = reasonCode(input.status_reason);

    if (current.status === target && current.statusReason === reason && (target === TASK.completed || target === TASK.failed)) {
      return serializeTask(current); // the same final answer again: unchanged, no event
    }
    if (sub.status !== SUBMISSION.pending && sub.status !== SUBMISSION.on_hold) {
      throw new ConflictError(`The submission is already ${Object.keys(SUBMISSION).find((k) => SUBMISSION[k as keyof typeof SUBMISSION] === sub.status)}`);
    }
    if (!NEXT[current.status]!.includes(target)) {
      throw new ConflictError(`A task that is ${Object.keys(TASK).find((k) => TASK[k as TaskStatusName] === current.status)} cannot become ${input.status}`);
    }
    const now = new Date();
    const updated: TaskRow = { ...current, status: target, statusReason: reason, note: input.note ?? null, updatedBy: actor, updatedAt: now };
    const parties = partiesOfNamespaces([
      { id: payment.debtorPartnerId, orgId: locked.debtorOrgId },
      { id: payment.beneficiaryPartnerId, orgId: locked.beneficiaryOrgId },
    ]);
    const change: Change = {
      writes: [tx.update(admissionTasks).set({ status: target, statusReason: reason, note: updated.note, updatedBy: actor, updatedAt: now }).where(eq(admissionTasks.id, current.id))],
      events: [{ type: 'admission_task.updated', orgId: updated.orgId, partnerId: updated.partnerId, data: { task: serializeTask(updated) } }],
    };
    const statuses = all.map((t) => (t.id === current.id ? target : t.status));
    if (target === TASK.failed) {
      reject(tx, change, sub, payment, input.status_reason, now, parties);
    } else if (statuses.every((s) => s === TASK.completed)) {
      admit(tx, change, sub, payment, now, parties);
    } else {
      const next = statuses.some((s) => s === TASK.on_hold) ? SUBMISSION.on_hold : SUBMISSION.pending;
      if (next !== sub.status) change.writes.push(tx.update(submissions).set({ status: next, updatedAt: now }).where(eq(submissions.id, sub.id)));
    }
    change.writes.push(eventsInsert(tx, change.events));
    await tx.execute(inOneStatement(change.writes));
    return serializeTask(updated);
  });
}

type SubmissionRow = typeof submissions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type TaskRow = typeof admissionTasks.$inferSelect;
/** The writes of one task update and the events they cause, sent together at the end. */
type Change = { writes: SQLWrapper[]; events: EventInput[] };

function reject(tx: Tx, change: Change, sub: SubmissionRow, payment: PaymentRow, reason: Reason, now: Date, parties: Parties) {
  const exc = {
    id: newId('exc'),
    paymentPk: payment.id,
    paymentId: payment.paymentId,
    submissionId: sub.id,
    orgId: payment.orgId,
    partnerId: payment.partnerId,
    exceptionCode: reason.toUpperCase(),
    exceptionMessage: `Admission failed: ${reason.replace(/_/g, ' ')}`,
    blame: blameFor(reason),
    createdAt: now,
  };
  change.writes.push(tx.update(submissions).set({ status: SUBMISSION.rejected, updatedAt: now }).where(eq(submissions.id, sub.id)));
  change.writes.push(tx.insert(paymentExceptions).values(exc));
  const updated: SubmissionRow = { ...sub, status: SUBMISSION.rejected, updatedAt: now };
  const data = { submission: serializeSubmission(updated, payment), exception: { token: exc.id, exception_code: exc.exceptionCode, blame: exc.blame } };
  for (const p of parties) change.events.push({ type: 'payment.rejected', ...p, data });
}

function admit(tx: Tx, change: Change, sub: SubmissionRow, payment: PaymentRow, now: Date, parties: Parties) {
  const txn: TransactionRow = {
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
    batchId: null,
    settledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // Double entry: the debit of the debtor's namespace equals the credit of the beneficiary's.
  const line = (partnerId: string, direction: 'TD_Debit' | 'TD_Credit'): LineRow => ({
    id: newId('line'),
    transactionId: txn.id,
    partnerId,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    direction,
    transactionType: 'TT_PAYMENT',
  });
  const lines = [line(payment.debtorPartnerId, 'TD_Debit'), line(payment.beneficiaryPartnerId, 'TD_Credit')];
  change.writes.push(tx.insert(transactions).values(txn));
  change.writes.push(tx.insert(transactionLines).values(lines));
  change.writes.push(tx.update(submissions).set({ status: SUBMISSION.admitted, transactionId: txn.id, updatedAt: now }).where(eq(submissions.id, sub.id)));
  const updated: SubmissionRow = { ...sub, status: SUBMISSION.admitted, transactionId: txn.id, updatedAt: now };
  const subWire = serializeSubmission(updated, payment);
  const txnWire = serializeTransaction(txn, lines);
  for (const p of parties) {
    change.events.push({ type: 'payment.admitted', ...p, data: { submission: subWire } });
    change.events.push({ type: 'transaction.created', ...p, data: { transaction: txnWire } });
  }
}

/** The namespace's admission queue, soonest payment expiry first. */
export async function listTaskQueue(ctx: ServiceContext, q: { status?: TaskStatusName; name?: string; page: number; limit: number }) {
  const ns = requireNamespace(ctx);
  const where: SQL[] = [eq(admissionTasks.partnerId, ns.id)];
  if (q.status) where.push(eq(admissionTasks.status, TASK[q.status]));
  if (q.name) where.push(eq(admissionTasks.name, q.name));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ task: admissionTasks, amount: payments.amountMinor, currency: payments.currency, submissionStatus: submissions.status })
      .from(admissionTasks)
      .innerJoin(payments, eq(payments.id, admissionTasks.paymentPk))
      .innerJoin(submissions, eq(submissions.id, admissionTasks.submissionId))
      .where(cond)
      .orderBy(asc(admissionTasks.expiresAt), asc(admissionTasks.id))
      .limit(q.limit)
      .offset(pageOffset(q.page, q.limit)),
    ctx.db.select({ n: count() }).from(admissionTasks).where(cond),
  ]);
  return {
    count: total!.n,
    tasks: rows.map((r) => ({ ...serializeTask(r.task), amount: { currency: r.currency, total: r.amount.toString() }, submission_status: r.submissionStatus })),
  };
}


