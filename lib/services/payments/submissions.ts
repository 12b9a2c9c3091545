import { and, eq, getTableColumns } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { schema } from '@/lib/db';
import { ConflictError, isUniqueViolation, NotFoundError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { emitEvents, type EventInput } from '../events/emit';
import { requireNamespace } from '../guards';
import { ASSIGNEE } from './model';
import { findVisiblePayment, partiesOf, type PaymentRow } from './payments';
import { serializeSubmission, serializeTask } from './serialize';
import { submissionStatus } from '../settlement/status';

const { submissions, admissionTasks, namespaces } = schema;

interface TaskPlan {
  name: string;
  partnerId: string;
  orgId: string;
  assignee: number;
}

/**
 * push.v1: the beneficiary's namespace admits; pull.v1: the debtor's namespace authorizes. Both add
 * a compliance review for the creator when the amount reaches its review threshold.
 */
async function planTasks(ctx: ServiceContext, p: PaymentRow): Promise<{ workflow: string; tasks: TaskPlan[] }> {
  const ns = requireNamespace(ctx);
  const isPush = p.paymentType === 'Type_Push';
  const counterpartyId = isPush ? p.beneficiaryPartnerId : p.debtorPartnerId;
  const [counterparty] = await ctx.db.select({ orgId: namespaces.orgId }).from(namespaces).where(eq(namespaces.id, counterpartyId)).limit(1);
  const tasks: TaskPlan[] = [
    isPush
      ? { name: 'beneficiary_admission', partnerId: counterpartyId, orgId: counterparty!.orgId, assignee: ASSIGNEE.beneficiary }
      : { name: 'debtor_authorization', partnerId: counterpartyId, orgId: counterparty!.orgId, assignee: ASSIGNEE.debtor },
  ];
  if (p.amountMinor >= ns.reviewThreshold) {
    tasks.push({ name: 'compliance_review', partnerId: p.partnerId, orgId: p.orgId, assignee: isPush ? ASSIGNEE.debtor : ASSIGNEE.beneficiary });
  }
  return { workflow: isPush ? 'push.v1' : 'pull.v1', tasks };
}

/** Submits a payment once: the submission, its admission and tasks, and their events, in one transaction. */
export async function submitPayment(ctx: ServiceContext, paymentId: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  if (payment.partnerId !== ns.id) throw new NotFoundError(`Payment ${paymentId} not found`);
  if (payment.expiresAt.getTime() <= Date.now()) throw new ConflictError(`Payment ${paymentId} expired at ${payment.expiresAt.toISOString()}`);
  const plan = await planTasks(ctx, payment);
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const admissionId = newId('adm');
      const [sub] = await tx
        .insert(submissions)
        .values({ id: newId('sub'), paymentPk: payment.id, paymentId: payment.paymentId, orgId: payment.orgId, partnerId: payment.partnerId, admissionId, workflow: plan.workflow, expiresAt: payment.expiresAt, submittedAt: now, updatedAt: now })
        .returning();
      const tasks = await tx
        .insert(admissionTasks)
        .values(
          plan.tasks.map((t) => ({
            id: newId('task'),
            admissionId,
            submissionId: sub!.id,
            paymentPk: payment.id,
            paymentId: payment.paymentId,
            orgId: t.orgId,
            partnerId: t.partnerId,
            name: t.name,
            workflow: plan.workflow,
            assignee: t.assignee,
            expiresAt: payment.expiresAt,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning();
      const wire = serializeSubmission(sub!, payment);
      const events: EventInput[] = (await partiesOf(tx, payment)).map((p) => ({ type: 'payment.submitted', ...p, data: { submission: wire } }));
      for (const t of tasks) events.push({ type: 'admission_task.created', orgId: t.orgId, partnerId: t.partnerId, data: { task: serializeTask(t) } });
      await emitEvents(tx, events);
      return wire;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`Payment ${paymentId} has already been submitted`);
    throw err;
  }
}

export async function getPaymentSubmission(ctx: ServiceContext, paymentId: string, submissionId?: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const where = submissionId ? and(eq(submissions.paymentPk, payment.id), eq(submissions.id, submissionId)) : eq(submissions.paymentPk, payment.id);
  const [sub] = await ctx.db.select({ ...getTableColumns(submissions), status: submissionStatus }).from(submissions).where(where).limit(1);
  if (!sub) throw new NotFoundError(submissionId ? `Submission ${submissionId} not found` : `Payment ${paymentId} has not been submitted`);
  return serializeSubmission(sub, payment);
}

export async function listAdmissionTasks(ctx: ServiceContext, paymentId: string, admissionId: string) {
  const ns = requireNamespace(ctx);
  const payment = await findVisiblePayment(ctx.db, ns.id, paymentId);
  const rows = await ctx.db
    .select()
    .from(admissionTasks)
    .where(and(eq(admissionTasks.paymentPk, payment.id), eq(admissionTasks.admissionId, admissionId)))
    .orderBy(admissionTasks.createdAt, admissionTasks.id);
  if (rows.length === 0) throw new NotFoundError(`Admission ${admissionId} not found`);
  return { count: rows.length, tasks: rows.map(serializeTask) };
}
