'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormFooter } from '@/components/ui/form-footer';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import { taskKeys } from '@/lib/client/queries/tasks';
import type { NoteValues } from './note-schema';
import type { QueueTask } from './use-queue';

/** The longest note the gateway keeps (addTaskNoteBody, lib/schemas/tasks.ts; checked in note-schema.ts). */
const MAX_NOTE = 1000;

const noteResolver = lazyResolver(() => import('./note-schema').then((m) => m.noteResolver));

/**
 * A note that leaves the task as it is ("I called the customer"), kept in its history and the
 * audit trail (`POST …/tasks/{task_id}/notes`); Escape or Cancel closes it (`onClose`), as saving does.
 */
export function NoteForm({ task, onClose }: { task: QueueTask; onClose: () => void }) {
  const qc = useQueryClient();
  const ns = useNamespace();
  const toast = useToast();
  const form = useForm<NoteValues>({ resolver: noteResolver, defaultValues: { note: '' } });
  const { errors } = form.formState;
  const error = errors.note?.message;
  const add = useMutation({
    mutationFn: (note: string) =>
      apiFetch<QueueTask>(
        `/payments/${encodeURIComponent(task.payment_id)}/admissions/${task.admission_id}/tasks/${task.token}/notes`,
        { partner: ns, method: 'POST', body: { note } },
      ),
    onSuccess: (saved) => {
      toast('success', `Note added to the task for ${task.payment_id}`);
      form.reset({ note: '' });
      onClose();
      // The queue shows the note at once; the next refresh brings the rest.
      qc.setQueriesData<{ tasks: QueueTask[] }>({ queryKey: taskKeys.namespace(ns) }, (page) =>
        page?.tasks
          ? { ...page, tasks: page.tasks.map((t) => (t.token === saved.token ? { ...t, ...saved } : t)) }
          : page,
      );
    },
    onError: (e: Error) => showServerError(form, e),
    onSettled: () => qc.invalidateQueries({ queryKey: taskKeys.all }),
  });

  const submit = form.handleSubmit((v) => add.mutate(v.note));

  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
    >
      <label htmlFor={`task-add-note-${task.token}`} className="text-sm font-medium">
        Note (the task stays {task.status === 4 ? 'on hold' : 'pending'})
      </label>
      <textarea
        id={`task-add-note-${task.token}`}
        rows={3}
        autoFocus
        maxLength={MAX_NOTE}
        {...form.register('note')}
        placeholder="e.g. Called the customer: documents by Friday"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `task-add-note-error-${task.token}` : undefined}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      {error ? (
        <p
          id={`task-add-note-error-${task.token}`}
          role="alert"
          className="text-sm text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      ) : null}
      <FormFooter
        form={form}
        submit="Save note"
        busy="Saving…"
        pending={add.isPending}
        cancel={{
          onClick: onClose,
        }}
      />
    </form>
  );
}
