import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { TASK } from '@/lib/domain/statuses';
import { actorLabel, credentialId, type ServiceContext } from '@/lib/services/context';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';
import { serializeTask } from '../lifecycle/serialize';

const { admissionTasks } = schema;

/**
 * How long a claim lasts unless renewed: long enough to read a payment and call the customer,
 * short enough that a task left behind returns to the team.
 */
const CLAIM_SECONDS = 15 * 60;

const OPEN = [TASK.pending, TASK.on_hold];

/** The task of the caller's namespace (the assignee), or 404. */
async function ownTask(ctx: ServiceContext, taskId: string) {
  const ns = requireNamespace(ctx);
  const [task] = await ctx.db
    .select()
    .from(admissionTasks)
    .where(and(eq(admissionTasks.id, taskId), eq(admissionTasks.partnerId, ns.id)))
    .limit(1);
  if (!task) throw new NotFoundError(`Task ${taskId} not found`);
  return task;
}

const heldUntil = (until: Date) => until.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Claims an open task of the caller's namespace for CLAIM_SECONDS, or renews the caller's claim.
 * Someone else's live claim is refused (409, naming them) unless `take_over` is sent; a take-over
 * is kept in the audit trail. Claiming is never required to decide a task.
 */
export async function claimTask(ctx: ServiceContext, taskId: string, input: { take_over?: boolean }) {
  const ns = requireNamespace(ctx);
  const me = credentialId(ctx.principal);
  const until = new Date(Date.now() + CLAIM_SECONDS * 1000);
  const free = or(
    isNull(admissionTasks.claimedBy),
    eq(admissionTasks.claimedBy, me),
    lte(admissionTasks.claimedUntil, sql`now()`),
  );
  return ctx.db.transaction(async (tx) => {
    // The row as it was, locked: who held it, for the answer and the take-over's audit entry.
    const [before] = await tx
      .select()
      .from(admissionTasks)
      .where(and(eq(admissionTasks.id, taskId), eq(admissionTasks.partnerId, ns.id)))
      .for('update');
    if (!before) throw new NotFoundError(`Task ${taskId} not found`);
    if (!OPEN.includes(before.status as 1 | 4))
      throw new ConflictError(`Task ${taskId} is already decided; there is nothing to claim`);
    const [row] = await tx
      .update(admissionTasks)
      .set({ claimedBy: me, claimedByLabel: actorLabel(ctx.principal), claimedUntil: until })
      .where(
        and(
          eq(admissionTasks.id, taskId),
          inArray(admissionTasks.status, OPEN),
          input.take_over ? undefined : free,
        ),
      )
      .returning();
    if (!row)
      throw new ConflictError(
        `${before.claimedByLabel} is working on task ${taskId} until ${heldUntil(before.claimedUntil!)}; send take_over: true to take it over`,
      );
    const tookOver =
      before.claimedBy !== null &&
      before.claimedBy !== me &&
      before.claimedUntil !== null &&
      before.claimedUntil.getTime() > Date.now();
    if (tookOver)
      await recordAudit(tx, ctx, {
        action: 'task.taken_over',
        target: { type: 'task', id: taskId },
        partnerId: ns.id,
        before: { claimed_by: before.claimedByLabel, claimed_until: heldUntil(before.claimedUntil!) },
        after: { claimed_by: row.claimedByLabel, claimed_until: heldUntil(until) },
      });
    return serializeTask(row, ctx.orgId);
  });
}

/** Ends the caller's claim; a task nobody holds is answered as it is; someone else's claim is 409. */
export async function releaseTask(ctx: ServiceContext, taskId: string) {
  const ns = requireNamespace(ctx);
  const me = credentialId(ctx.principal);
  const [row] = await ctx.db
    .update(admissionTasks)
    .set({ claimedBy: null, claimedByLabel: null, claimedUntil: null })
    .where(
      and(
        eq(admissionTasks.id, taskId),
        eq(admissionTasks.partnerId, ns.id),
        eq(admissionTasks.claimedBy, me),
      ),
    )
    .returning();
  if (row) return serializeTask(row, ctx.orgId);
  const task = await ownTask(ctx, taskId);
  if (task.claimedBy !== null && task.claimedUntil !== null && task.claimedUntil.getTime() > Date.now())
    throw new ConflictError(
      `${task.claimedByLabel} is working on task ${taskId}; only they can release it (or take it over)`,
    );
  return serializeTask(task, ctx.orgId);
}
