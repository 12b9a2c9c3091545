import { eq, inArray, sql } from 'drizzle-orm';
import { keysetCsv } from '../export';
import { unitsOf } from '@/lib/domain/money';
import { actorLabel, credentialId, publicActorLabel, type ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { requireNamespace } from '../guards';
import { byTime, inOrder, keysetPage, unionFetch } from '../paging';
import { SUBMISSION, SUBMISSION_NAMES, TASK, taskStatusName } from '@/lib/domain/statuses';
import { approvalRefusal, taskRequirement } from '@/lib/domain/four-eyes';
import { serializeTask } from '../lifecycle/serialize';
import { applyTaskUpdate, type TaskUpdateInput } from './task-update';
import { submissionStatus } from './status';
import type { ListTasksQuery } from '@/lib/schemas/tasks';

export { applyTaskUpdate, type TaskUpdateInput } from './task-update';

const { admissionTasks, submissions, payments, apiKeys, users } = schema;

/** Updates a task of the caller's namespace (the assignee); anyone else gets 404. */
export async function updateTask(
  ctx: ServiceContext,
  ids: { paymentId: string; admissionId: string; taskId: string },
  input: TaskUpdateInput,
) {
  const ns = requireNamespace(ctx);
  const actor = {
    by: actorLabel(ctx.principal),
    label: publicActorLabel(ctx.principal, ns),
    credential: credentialId(ctx.principal),
  };
  return applyTaskUpdate(ctx.db, { ...ids, assignee: ns.id }, input, actor, ctx.attachedWrite, ctx);
}

/** The queue's order: soonest payment expiry first (index tasks_queue_idx, per status). */
const SOONEST_FIRST = byTime(admissionTasks.expiresAt, admissionTasks.id, 'asc');

/**
 * An open task (pending, on hold) is in the queue only while its payment can still be admitted
 * (docs/decisions.md "Tasks close with their payment"): before its expiry — a range of the queue's
 * index, so the tasks of payments that expired over the history are never read — and while its
 * submission is open (a sibling task's failure rejects it; checked per row, for the tasks of the
 * last day's rejections at most). Their own status stays as DESIGN enumerates it.
 */
const workable = sql` and ${admissionTasks.expiresAt} > now() and exists (select 1 from ${submissions} where ${submissions.id} = ${admissionTasks.submissionId} and ${submissions.status} in (${sql.raw(`${SUBMISSION.pending}, ${SUBMISSION.on_hold}`)}))`;

/**
 * The namespace's admission queue, soonest expiry first. Each status is one range of the
 * (partner_id, status, expires_at, id) index; without a status filter the four ranges are merged.
 * What the list pages and the export streams.
 */
function queueFetch(ctx: ServiceContext, q: Pick<ListTasksQuery, 'status' | 'name'>) {
  const ns = requireNamespace(ctx);
  const statuses = q.status ? [TASK[q.status]] : Object.values(TASK);
  const byName = q.name ? sql` and ${admissionTasks.name} = ${q.name}` : sql``;
  const branches = statuses.map((status) => ({
    keyset: SOONEST_FIRST,
    id: admissionTasks.id,
    from: sql`from ${admissionTasks} where ${admissionTasks.partnerId} = ${ns.id} and ${admissionTasks.status} = ${status}${byName}${status === TASK.pending || status === TASK.on_hold ? workable : sql``}`,
  }));
  const load = async (ids: string[]) =>
    ids.length === 0
      ? []
      : (
          await ctx.db
            .select({
              task: admissionTasks,
              amount: payments.amountMinor,
              currency: payments.currency,
              madeBy: payments.createdBy,
              madeAt: payments.createdAt,
              submittedBy: submissions.submittedBy,
              submissionStatus,
            })
            .from(admissionTasks)
            .innerJoin(payments, eq(payments.id, admissionTasks.paymentPk))
            .innerJoin(submissions, eq(submissions.id, admissionTasks.submissionId))
            .where(inArray(admissionTasks.id, ids))
        ).map((r) => ({ id: r.task.id, ...r }));
  return unionFetch(ctx.db, branches, load);
}

type QueueRow = {
  task: typeof admissionTasks.$inferSelect;
  amount: bigint;
  madeBy: string | null;
  madeAt: Date;
  submittedBy: string | null;
};

/**
 * Why the four-eyes rule would refuse the caller's approval of each task of a page that it covers
 * (the rule of lib/domain/four-eyes.ts, as a task update applies it): the caller then sees it before
 * pressing Complete. Two lookups for the page, by primary key: the holders of the makers' API keys
 * and of the caller's, and where the caller's password came from.
 */
async function approvalRefusals(ctx: ServiceContext, rows: QueueRow[]): Promise<Map<string, string>> {
  const ns = requireNamespace(ctx);
  const covered = rows.filter((r) => taskRequirement(r.task, ns, r.amount).approvals > 0);
  const refusals = new Map<string, string>();
  if (covered.length === 0) return refusals;
  const me = credentialId(ctx.principal);
  const keyId = (c: string | null) => (c?.startsWith('key:') ? c.slice('key:'.length) : undefined);
  const keyIds = [...new Set([...covered.flatMap((r) => [r.madeBy, r.submittedBy]), me].map(keyId))].filter(
    (id): id is string => id !== undefined,
  );
  const keys = keyIds.length
    ? await ctx.db
        .select({ id: apiKeys.id, createdBy: apiKeys.createdBy, rotatedBy: apiKeys.rotatedBy })
        .from(apiKeys)
        .where(inArray(apiKeys.id, keyIds))
    : [];
  const holdersOf = (ids: Array<string | undefined>) =>
    keys
      .filter((k) => ids.includes(k.id))
      .flatMap((k) => [k.createdBy, k.rotatedBy])
      .filter((c): c is string => c !== null);
  const userId = ctx.principal.kind === 'user' ? ctx.principal.userId : undefined;
  const [account] = userId
    ? await ctx.db
        .select({ credentialsIssuedBy: users.credentialsIssuedBy, credentialsSetAt: users.credentialsSetAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
    : [];
  for (const r of covered) {
    const refusal = approvalRefusal(
      taskRequirement(r.task, ns, r.amount),
      { credential: me, account: account ?? null, keyHolders: holdersOf([keyId(me)]) },
      {
        credentials: [r.madeBy, r.submittedBy, ...holdersOf([keyId(r.madeBy), keyId(r.submittedBy)])],
        madeAt: r.madeAt,
      },
      r.task.approvals.map((a) => a.actor),
    );
    if (refusal) refusals.set(r.task.id, refusal);
  }
  return refusals;
}

export async function listTaskQueue(ctx: ServiceContext, q: ListTasksQuery) {
  const ns = requireNamespace(ctx);
  const { rows, page } = await keysetPage(SOONEST_FIRST, q, queueFetch(ctx, q));
  const me = credentialId(ctx.principal);
  const refusals = await approvalRefusals(ctx, rows);
  return {
    ...page,
    tasks: rows.map((r) => ({
      ...serializeTask(r.task, ctx.orgId),
      amount: { currency: r.currency, total: r.amount.toString() },
      approvals_required: taskRequirement(r.task, ns, r.amount).approvals,
      approval_refusal: refusals.get(r.task.id) ?? null,
      claimed_by_you:
        r.task.claimedBy === me && r.task.claimedUntil !== null && r.task.claimedUntil.getTime() > Date.now(),
      submission_status: r.submissionStatus,
      submission_status_name: SUBMISSION_NAMES[r.submissionStatus]!,
    })),
  };
}

/** The queue (the same filters) as CSV, soonest expiry first, streamed (lib/services/export.ts). */
export async function exportTaskQueue(
  ctx: ServiceContext,
  q: Pick<ListTasksQuery, 'status' | 'name' | 'order'>,
) {
  const ns = requireNamespace(ctx);
  return keysetCsv(
    [
      'task_id',
      'payment_id',
      'admission_id',
      'name',
      'status',
      'currency',
      'amount_minor',
      'amount',
      'expires_at',
      'approvals_required',
      'approvals',
      'claimed_by',
      'updated_by',
      'updated_at',
    ],
    inOrder(SOONEST_FIRST, queueFetch(ctx, q), q.order),
    (r) => [
      r.task.id,
      r.task.paymentId,
      r.task.admissionId,
      r.task.name,
      taskStatusName(r.task.status),
      r.currency,
      r.amount,
      unitsOf(r.amount, r.currency),
      r.task.expiresAt.toISOString(),
      taskRequirement(r.task, ns, r.amount).approvals,
      r.task.approvals.map((a) => a.updated_by).join(' '),
      r.task.claimedBy && r.task.claimedUntil && r.task.claimedUntil.getTime() > Date.now()
        ? r.task.claimedByLabel
        : '',
      r.task.updatedBy,
      r.task.updatedAt.toISOString(),
    ],
  );
}
