import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { emitEvents } from '@/lib/events/emit';
import { SUBMISSION, SUBMISSION_NAMES, TASK, taskStatusName } from '@/lib/domain/statuses';
import { actorLabel, publicActorLabel, type ServiceContext } from '@/lib/services/context';
import type { AddTaskNoteBody } from '@/lib/schemas/tasks';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';
import { serializeTask, taskHistoryEntry } from '../lifecycle/serialize';

const { admissionTasks, submissions } = schema;

const OPEN_TASK = [TASK.pending, TASK.on_hold];
const OPEN_SUBMISSION = [SUBMISSION.pending, SUBMISSION.on_hold];

function refuseDecided(taskId: string, status: number) {
  if (!OPEN_TASK.includes(status as 1 | 4))
    throw new ConflictError(
      `Task ${taskId} is ${taskStatusName(status)}: a decided task takes no more notes`,
    );
}

/**
 * Adds a note to a task of the caller's namespace (the assignee; anyone else gets 404) without
 * changing its status: "I called the customer". The note is a change of the task like any other —
 * an entry of its `history` with the status and reason it has, the task's `note`, `updated_by`
 * and `modified_on`, an `admission_task.updated` event and an audit entry (`task.note_added`) —
 * so the history keeps one entry per event. Only while the task can still be worked: a decided
 * task, or one closed with its payment, is a 409 (its decision is the record; docs/decisions.md).
 *
 * The admission's `version` moves on in the same transaction, as every task update's does, so a
 * decision racing the note is read again and keeps the note in its history (and its answer).
 */
export async function addTaskNote(
  ctx: ServiceContext,
  ids: { paymentId: string; admissionId: string; taskId: string },
  input: AddTaskNoteBody,
) {
  const ns = requireNamespace(ctx);
  const owned = and(
    eq(admissionTasks.id, ids.taskId),
    eq(admissionTasks.partnerId, ns.id),
    eq(admissionTasks.admissionId, ids.admissionId),
    eq(admissionTasks.paymentId, ids.paymentId),
  );
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ submissionId: admissionTasks.submissionId, status: admissionTasks.status })
      .from(admissionTasks)
      .where(owned);
    if (!found) throw new NotFoundError(`Task ${ids.taskId} not found`);
    refuseDecided(ids.taskId, found.status);
    // The admission first, then the task: the order a decision's statement locks them in.
    const [sub] = await tx
      .update(submissions)
      .set({ version: sql`${submissions.version} + 1` })
      .where(and(eq(submissions.id, found.submissionId), inArray(submissions.status, OPEN_SUBMISSION)))
      .returning({ id: submissions.id });
    if (!sub) {
      const [closed] = await tx
        .select({ status: submissions.status })
        .from(submissions)
        .where(eq(submissions.id, found.submissionId));
      throw new ConflictError(
        `The submission is already ${SUBMISSION_NAMES[closed?.status ?? 0] ?? 'closed'}: its tasks take no more notes`,
      );
    }
    const [task] = await tx.select().from(admissionTasks).where(owned).for('update');
    if (!task) throw new NotFoundError(`Task ${ids.taskId} not found`);
    refuseDecided(ids.taskId, task.status);
    const now = new Date();
    const noted = { ...task, note: input.note, updatedBy: actorLabel(ctx.principal), updatedAt: now };
    const entry = taskHistoryEntry(noted, publicActorLabel(ctx.principal, ns));
    const [row] = await tx
      .update(admissionTasks)
      .set({
        note: noted.note,
        updatedBy: noted.updatedBy,
        updatedAt: now,
        history: sql`${admissionTasks.history} || jsonb_build_array(${JSON.stringify(entry)}::jsonb)`,
      })
      .where(eq(admissionTasks.id, task.id))
      .returning();
    const answer = serializeTask(row!, row!.orgId);
    await emitEvents(tx, [
      {
        type: 'admission_task.updated',
        orgId: row!.orgId,
        partnerId: row!.partnerId,
        data: { task: answer },
      },
    ]);
    await recordAudit(tx, ctx, {
      action: 'task.note_added',
      target: { type: 'task', id: task.id },
      orgId: task.orgId,
      partnerId: task.partnerId,
      after: {
        note: input.note,
        status: taskStatusName(task.status),
        payment_id: task.paymentId,
        admission_id: task.admissionId,
      },
    });
    return answer;
  });
}
