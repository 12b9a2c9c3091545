import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { actorLabel, type ServiceContext } from '@/lib/api/context';
import type { Db, Tx } from '@/lib/db';
import { schema } from '@/lib/db';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { emitEvents, type EventInput } from '../events/emit';
import { pageOffset, requireNamespace } from '../guards';
import { blameFor, reasonCode, SUBMISSION, TASK, type Reason, type TaskStatusName } from './model';
import { partiesOf } from './payments';
import { serializeSubmission, serializeTask, serializeTransaction } from './serialize';
import { submissionStatus } from '../settlement/status';

const { admissionTasks, submissions, payments, transactions, transactionLines, paymentExceptions } = schema;

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
  checkReason(input);
  const [task] = await ctx.db
    .select({ id: admissionTasks.id })
    .from(admissionTasks)
    .where(and(eq(admissionTasks.id, ids.taskId), eq(admissionTasks.partnerId, ns.id), eq(admissionTasks.admissionId, ids.admissionId), eq(admissionTasks.paymentId, ids.paymentId)))
    .limit(1);
  if (!task) throw new NotFoundError(`Task ${ids.taskId} not found`);
  return applyTaskUpdate(ctx.db, task.id, input, actorLabel(ctx.principal));
}

/**
 * The state machine and its consequences, in one transaction under the submission's row lock:
 * concurrent updates of one admission are serialized, and each real change writes exactly one
 * `admission_task.updated` event. Used by the API and by the Sandbox Bank worker.
 */
export async function applyTaskUpdate(db: Db, taskId: string, input: TaskUpdateInput, actor: string) {
  checkReason(input);
  return db.transaction(async (tx) => {
    const [ref] = await tx.select({ submissionId: admissionTasks.submissionId }).from(admissionTasks).where(eq(admissionTasks.id, taskId)).limit(1);
    if (!ref) throw new NotFoundError(`Task ${taskId} not found`);
    const [sub] = await tx.select().from(submissions).where(eq(submissions.id, ref.submissionId)).for('update').limit(1);
    const [task] = await tx.select().from(admissionTasks).where(eq(admissionTasks.id, taskId)).limit(1);
    if (!sub || !task) throw new NotFoundError(`Task ${taskId} not found`);
    const target = TASK[input.status];
    const reason = reasonCode(input.status_reason);

    if (task.status === target && task.statusReason === reason && (target === TASK.completed || target === TASK.failed)) {
      return serializeTask(task); // the same final answer again: unchanged, no event
    }
    if (sub.status !== SUBMISSION.pending && sub.status !== SUBMISSION.on_hold) {
      throw new ConflictError(`The submission is already ${Object.keys(SUBMISSION).find((k) => SUBMISSION[k as keyof typeof SUBMISSION] === sub.status)}`);
    }
    if (!NEXT[task.status]!.includes(target)) {
      throw new ConflictError(`A task that is ${Object.keys(TASK).find((k) => TASK[k as TaskStatusName] === task.status)} cannot become ${input.status}`);
    }
    const now = new Date();
    const [updated] = await tx
      .update(admissionTasks)
      .set({ status: target, statusReason: reason, note: input.note ?? null, updatedBy: actor, updatedAt: now })
      .where(eq(admissionTasks.id, taskId))
      .returning();
    const [payment] = await tx.select().from(payments).where(eq(payments.id, sub.paymentPk)).limit(1);
    const parties = await partiesOf(tx, payment!);
    const events: EventInput[] = [{ type: 'admission_task.updated', orgId: updated!.orgId, partnerId: updated!.partnerId, data: { task: serializeTask(updated!) } }];

    const all = await tx.select({ status: admissionTasks.status }).from(admissionTasks).where(eq(admissionTasks.submissionId, sub.id));
    if (target === TASK.failed) {
      await reject(tx, sub, payment!, input.status_reason, now, parties, events);
    } else if (all.every((t) => t.status === TASK.completed)) {
      await admit(tx, sub, payment!, now, parties, events);
    } else {
      const next = all.some((t) => t.status === TASK.on_hold) ? SUBMISSION.on_hold : SUBMISSION.pending;
      if (next !== sub.status) await tx.update(submissions).set({ status: next, updatedAt: now }).where(eq(submissions.id, sub.id));
    }
    await emitEvents(tx, events);
    return serializeTask(updated!);
  });
}

type SubmissionRow = typeof submissions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type Parties = Array<{ partnerId: string; orgId: string }>;

async function reject(tx: Tx, sub: SubmissionRow, payment: PaymentRow, reason: Reason, now: Date, parties: Parties, events: EventInput[]) {
  const [updated] = await tx.update(submissions).set({ status: SUBMISSION.rejected, updatedAt: now }).where(eq(submissions.id, sub.id)).returning();
  const [exc] = await tx
    .insert(paymentExceptions)
    .values({
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
    })
    .returning();
  const data = { submission: serializeSubmission(updated!, payment), exception: { token: exc!.id, exception_code: exc!.exceptionCode, blame: exc!.blame } };
  for (const p of parties) events.push({ type: 'payment.rejected', ...p, data });
}

async function admit(tx: Tx, sub: SubmissionRow, payment: PaymentRow, now: Date, parties: Parties, events: EventInput[]) {
  const txnId = newId('txn');
  const [txn] = await tx
    .insert(transactions)
    .values({
      id: txnId,
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
    })
    .returning();
  // Double entry: the debit of the debtor's namespace equals the credit of the beneficiary's.
  const lines = await tx
    .insert(transactionLines)
    .values([
      { id: newId('line'), transactionId: txnId, partnerId: payment.debtorPartnerId, currency: payment.currency, amountMinor: payment.amountMinor, direction: 'TD_Debit' },
      { id: newId('line'), transactionId: txnId, partnerId: payment.beneficiaryPartnerId, currency: payment.currency, amountMinor: payment.amountMinor, direction: 'TD_Credit' },
    ])
    .returning();
  const [updated] = await tx.update(submissions).set({ status: SUBMISSION.admitted, transactionId: txnId, updatedAt: now }).where(eq(submissions.id, sub.id)).returning();
  const subWire = serializeSubmission(updated!, payment);
  const txnWire = serializeTransaction(txn!, lines);
  for (const p of parties) {
    events.push({ type: 'payment.admitted', ...p, data: { submission: subWire } });
    events.push({ type: 'transaction.created', ...p, data: { transaction: txnWire } });
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
      .select({ task: admissionTasks, amount: payments.amountMinor, currency: payments.currency, submissionStatus })
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


