'use client';

import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '@/components/screen/screen-props';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import type { ListTasksResponse } from '@/lib/schemas/tasks';
import { taskKeys, taskQueueQuery } from '@/lib/client/queries/tasks';
import type { ListFilters } from '@/lib/client/queries/keys';
import { useNamespace } from '@/lib/client/namespace';
import { formatLocalClock } from '@/lib/client/format';

/** A task as the queue lists it: the wire type, declared once in lib/schemas (type only). */
export type QueueTask = ListTasksResponse['tasks'][number];

/** Claim (or take over, asked first), or release, the task. */
export interface ClaimChange {
  task: QueueTask;
  action: 'claim' | 'take_over' | 'release';
}

/** "until 10:45 AM", in the browser's time. */
export const claimUntil = (until: number) => `until ${formatLocalClock(new Date(until * 1000))}`;

/** The approval this completion gives is the first of two: the task stays in the queue. */
export const isFirstOfTwo = (t: QueueTask) => t.approvals_required === 2 && t.approvals.length === 0;

/** What the queue says of a four-eyes task: who may complete it, and who approved it so far. */
export function fourEyesText(t: QueueTask): string | null {
  if (t.approvals_required === 0) return null;
  if (t.approvals.length > 0) return `Needs a second approver · approved by ${t.approvals[0]!.updated_by}`;
  return t.approvals_required === 2 ? 'Four eyes: needs two approvers' : 'Four eyes: not by its maker';
}
export type Decision = 'completed' | 'failed' | 'on_hold';
type QueuePage = ListTasksResponse;
export interface TaskUpdate {
  task: QueueTask;
  status: Decision;
  status_reason: string;
  note?: string;
}

/** What a decision did, in the toast: a return request's in its own words. */
function decidedText(v: TaskUpdate): string {
  const id = v.task.payment_id;
  if (v.status === 'completed' && isFirstOfTwo(v.task))
    return `Task for ${id} approved; it needs a second approver`;
  if (v.task.name === 'return_request' && v.status !== 'on_hold')
    return v.status === 'completed'
      ? `Return ${id} accepted: the money goes back`
      : `Return request ${id} refused`;
  return `Task for ${id} ${v.status === 'on_hold' ? 'put on hold' : v.status}`;
}

/** Parallel requests of a bulk action: enough to hide latency, few enough to stay polite. */
const BULK_CONCURRENCY = 4;

/** A decision on a task, made in the namespace `ns` whose queue shows it. */
function putTask(ns: string | null, v: TaskUpdate) {
  const path = `/payments/${encodeURIComponent(v.task.payment_id)}/admissions/${v.task.admission_id}/tasks/${v.task.token}`;
  return apiFetch<QueueTask>(path, {
    partner: ns,
    method: 'PUT',
    body: { status: v.status, status_reason: v.status_reason, ...(v.note ? { note: v.note } : {}) },
  });
}

/**
 * The queue page and the ways to work it. Every decision moves a task out of the tab it is shown
 * in (pending → anything, on hold → completed/failed), so the task leaves the list at once and comes
 * back only if the gateway refuses the change.
 */
export function useQueue(filters: ListFilters, initial?: ScreenProps['initial']) {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  // The queue's key in the namespace it is shown in: an optimistic change writes into that copy.
  const queue = taskQueueQuery(ns, filters);
  const key = queue.queryKey;
  // The page read with the HTML, while it is of this namespace and these filters.
  const query = useQuery({
    ...queue,
    initialData: initialFrom(
      ns,
      initial as ServerRead<QueuePage> | null | undefined,
      initial != null && hashKey([initial.filters]) === hashKey([filters]),
    ),
  });

  async function removeOptimistically(tokens: Set<string>) {
    await qc.cancelQueries({ queryKey: key });
    const previous = qc.getQueryData<QueuePage>(key);
    if (previous) {
      const tasks = previous.tasks.filter((t) => !tokens.has(t.token));
      qc.setQueryData<QueuePage>(key, {
        ...previous,
        count: previous.count - (previous.tasks.length - tasks.length),
        tasks,
      });
    }
    return previous;
  }

  const work = useMutation({
    mutationFn: (v: TaskUpdate) => putTask(ns, v),
    // A first of two approvals leaves the task in the queue, waiting for a second approver.
    onMutate: async (v) => ({
      key,
      previous:
        v.status === 'completed' && isFirstOfTwo(v.task)
          ? undefined
          : await removeOptimistically(new Set([v.task.token])),
    }),
    onSuccess: (_d, v) => toast('success', decidedText(v)),
    onError: (e: Error, _v, context) => {
      if (context?.previous) qc.setQueryData(context.key, context.previous);
      toast('error', e.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });

  const bulkComplete = useMutation({
    mutationFn: async (tasks: QueueTask[]) => {
      const failures: Array<{ task: QueueTask; message: string }> = [];
      const queue = [...tasks];
      const worker = async () => {
        for (let task = queue.shift(); task; task = queue.shift()) {
          try {
            await putTask(ns, { task, status: 'completed', status_reason: 'accepted' });
          } catch (e) {
            failures.push({ task, message: (e as Error).message });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, tasks.length) }, worker));
      const failed = new Set(failures.map((f) => f.task.token));
      const approved = tasks.filter((t) => isFirstOfTwo(t) && !failed.has(t.token)).length;
      return { done: tasks.length - failures.length - approved, approved, failures };
    },
    // First approvals of tasks that need two stay in the queue.
    onMutate: (tasks) =>
      removeOptimistically(new Set(tasks.filter((t) => !isFirstOfTwo(t)).map((t) => t.token))),
    onSuccess: ({ done, approved, failures }) => {
      const approvals = approved ? `, ${approved} approved and waiting for a second approver` : '';
      if (failures.length === 0) {
        toast('success', `${done} task${done === 1 ? '' : 's'} completed${approvals}`);
        return;
      }
      const first = failures[0]!;
      toast(
        'error',
        `${done} completed${approvals}, ${failures.length} not: ${first.task.payment_id} — ${first.message}`,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });

  const claim = useMutation({
    mutationFn: ({ task, action }: ClaimChange) =>
      apiFetch<QueueTask>(`/tasks/${task.token}/claim`, {
        partner: ns,
        method: action === 'release' ? 'DELETE' : 'POST',
        ...(action === 'take_over' ? { body: { take_over: true } } : {}),
      }),
    onSuccess: (_d, { task, action }) =>
      toast(
        'success',
        action === 'release'
          ? `Released the task for ${task.payment_id}`
          : `You are on the task for ${task.payment_id} for 15 minutes`,
      ),
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });

  return { query, work, bulkComplete, claim };
}
