import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { actorLabel, type ServiceContext } from '@/lib/api/context';
import { schema } from '@/lib/db';
import { pageOffset, requireNamespace } from '../guards';
import { TASK, type TaskStatusName } from './model';
import { serializeTask } from './serialize';
import { applyTaskUpdate, type TaskUpdateInput } from './task-update';
import { submissionStatus } from '../settlement/status';

export { applyTaskUpdate, type TaskSelector, type TaskUpdateInput } from './task-update';

const { admissionTasks, submissions, payments } = schema;

/** Updates a task of the caller's namespace (the assignee); anyone else gets 404. */
export async function updateTask(ctx: ServiceContext, ids: { paymentId: string; admissionId: string; taskId: string }, input: TaskUpdateInput) {
  const ns = requireNamespace(ctx);
  return applyTaskUpdate(ctx.db, { ...ids, assignee: ns.id }, input, actorLabel(ctx.principal), ctx.idempotency);
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


