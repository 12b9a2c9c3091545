'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { SELECT_CLASS } from '@/components/ui/select';
import { formatMoney, REASONS } from '@/lib/client/format';
import type { Decision, QueueTask, TaskUpdate } from './use-queue';

/** `completed` takes `accepted` only; failing or holding needs another reason (DESIGN §5). */
export const OTHER_REASONS = REASONS.filter((r) => r !== 'accepted');

export function defaultReason(d: Decision): string {
  return d === 'completed' ? 'accepted' : d === 'failed' ? 'insufficient_funds' : 'business_reasons';
}

/** The side panel where a support agent works the selected task. */
export function TaskPanel({
  task,
  decision,
  reason,
  note,
  isPending,
  onChoose,
  onReason,
  onNote,
  onSubmit,
}: {
  task: QueueTask | undefined;
  decision: Decision | null;
  reason: string;
  note: string;
  isPending: boolean;
  onChoose: (d: Decision) => void;
  onReason: (r: string) => void;
  onNote: (n: string) => void;
  onSubmit: (u: TaskUpdate) => void;
}) {
  const needsNote = decision === 'failed' || decision === 'on_hold';
  return (
    <aside
      aria-label="Work the task"
      className="flex flex-col gap-3 self-start rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      {task ? (
        <>
          <h2 className="font-medium">{task.name.replace(/_/g, ' ')}</h2>
          <p className="text-sm">
            <Link
              className="text-blue-700 underline dark:text-blue-400"
              href={`/payments/${encodeURIComponent(task.payment_id)}`}
            >
              {task.payment_id}
            </Link>{' '}
            · {formatMoney(task.amount.total, task.amount.currency)}
          </p>
          <div className="flex gap-2">
            <Button
              disabled={isPending}
              onClick={() => onSubmit({ task, status: 'completed', status_reason: 'accepted' })}
            >
              Complete
            </Button>
            <Button variant="danger" disabled={isPending} onClick={() => onChoose('failed')}>
              Fail…
            </Button>
            {task.status !== 4 ? (
              <Button variant="secondary" disabled={isPending} onClick={() => onChoose('on_hold')}>
                Hold…
              </Button>
            ) : null}
          </div>
          {needsNote ? (
            <form
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                onSubmit({ task, status: decision, status_reason: reason, note });
              }}
            >
              <label htmlFor="task-reason" className="text-sm font-medium">
                Reason
              </label>
              <select
                id="task-reason"
                value={reason}
                onChange={(e) => onReason(e.target.value)}
                className={SELECT_CLASS}
              >
                {OTHER_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {r.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
              <label htmlFor="task-note" className="text-sm font-medium">
                Note (required)
              </label>
              <textarea
                id="task-note"
                value={note}
                onChange={(e) => onNote(e.target.value)}
                rows={3}
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800"
              />
              <Button
                type="submit"
                variant={decision === 'failed' ? 'danger' : 'primary'}
                disabled={isPending || !note.trim()}
              >
                {decision === 'failed' ? 'Fail the task' : 'Put on hold'}
              </Button>
            </form>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a task to work it.</p>
      )}
    </aside>
  );
}
