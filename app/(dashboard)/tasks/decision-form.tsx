'use client';

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { REASONS } from '@/lib/client/format';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { DecisionValues } from './decision-schema';
import { isReturnRequest } from './task-names';
import type { Decision, QueueTask, TaskUpdate } from './use-queue';

const decisionResolver = lazyResolver(() => import('./decision-schema').then((m) => m.decisionResolver));

/** `completed` takes `accepted` only; failing or holding needs another reason (DESIGN §5). */
const OTHER_REASONS = REASONS.filter((r) => r !== 'accepted');

function defaultReason(d: Decision): (typeof REASONS)[number] {
  return d === 'completed' ? 'accepted' : d === 'failed' ? 'insufficient_funds' : 'business_reasons';
}

/** Reason and note for failing or holding a task; remounted (keyed) for each task and decision. */
export function DecisionForm({
  task,
  decision,
  isPending,
  onSubmit,
  onCancel,
}: {
  task: QueueTask;
  decision: 'failed' | 'on_hold';
  isPending: boolean;
  onSubmit: (u: TaskUpdate) => void;
  onCancel: () => void;
}) {
  const form = useForm<DecisionValues>({
    resolver: decisionResolver,
    defaultValues: { reason: defaultReason(decision), note: '' },
  });
  // Opened by a key or a button: the reason is where the agent continues, not 27 Tabs away.
  useEffect(() => form.setFocus('reason'), [form]);
  const noteError = form.formState.errors.note?.message;
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onCancel();
      }}
      onSubmit={form.handleSubmit((v) =>
        onSubmit({ task, status: decision, status_reason: v.reason, note: v.note }),
      )}
    >
      <SelectField label="Reason" id="task-reason" {...form.register('reason')}>
        {OTHER_REASONS.map((r) => (
          <option key={r} value={r}>
            {r.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      <label htmlFor="task-note" className="text-sm font-medium">
        {isReturnRequest(task) && decision === 'failed'
          ? 'Note (required; the requester sees only the reason)'
          : 'Note (required)'}
      </label>
      <textarea
        id="task-note"
        rows={3}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={noteError ? 'task-note-error' : undefined}
        {...form.register('note')}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      {noteError ? (
        <p id="task-note-error" className="text-sm text-red-700 dark:text-red-400">
          {noteError}
        </p>
      ) : null}
      {/* The gateway's answer to a decision is the queue's (use-queue.ts): the form closes as it is sent. */}
      <FormFooter
        form={form}
        submit={
          decision === 'on_hold'
            ? 'Put on hold'
            : isReturnRequest(task)
              ? 'Refuse the return'
              : 'Fail the task'
        }
        variant={decision === 'failed' ? 'danger' : 'primary'}
        pending={isPending}
        cancel={{ onClick: onCancel }}
      />
    </form>
  );
}
