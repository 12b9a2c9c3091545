'use client';

import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LocalTime } from '@/components/ui/local-time';
import { changedBy } from '@/lib/domain/rule-words';
import { noteBesideRule, ruleIdOf } from '@/lib/domain/rules';
import type { QueueTask } from './use-queue';

// The note's form, with the form library: fetched when someone reaches for "Add note", not with
// the queue.
const loadNoteForm = () => import('./note-form');
const preloadNoteForm = () => void loadNoteForm();
const NoteForm = lazy(() => loadNoteForm().then((m) => ({ default: m.NoteForm })));

/**
 * The task's notes, oldest first (each change that carried one: a hold's, a failure's, or a note
 * on its own), and "Add note": a note that leaves the task as it is ("I called the customer"),
 * kept in its history and the audit trail (`POST …/tasks/{task_id}/notes`). Remounted per task.
 */
export function TaskNotes({ task }: { task: QueueTask }) {
  const [open, setOpen] = useState(false);
  const notes = task.history.filter((h) => h.note);
  return (
    <section aria-labelledby={`task-notes-${task.token}`} className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <h3 id={`task-notes-${task.token}`} className="text-sm font-medium">
          Notes{notes.length ? ` (${notes.length})` : ''}
        </h3>
        {!open ? (
          <Button
            variant="secondary"
            className="ml-auto py-1"
            onPointerEnter={preloadNoteForm}
            onFocus={preloadNoteForm}
            onClick={() => setOpen(true)}
          >
            Add note
          </Button>
        ) : null}
      </div>
      {notes.length ? (
        <ol className="flex flex-col gap-1.5 text-sm">
          {notes.map((h, i) => (
            <li key={`${h.at}-${i}`} className="rounded-md bg-slate-50 px-3 py-1.5 dark:bg-slate-800">
              <p className="break-words whitespace-pre-line">
                {/* A rule's note without its name, which the line below gives. */}
                {(task.rule &&
                  ruleIdOf(h.updated_by) === task.rule.id &&
                  noteBesideRule(h.note, task.rule.name)) ||
                  h.note}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {changedBy(h.updated_by, task.rule) ?? 'Unknown'} · <LocalTime seconds={h.at} />
                {h.status_name !== 'pending' ? ` · ${h.status_name.replace(/_/g, ' ')}` : ''}
              </p>
            </li>
          ))}
        </ol>
      ) : !open ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No notes yet.</p>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <NoteForm task={task} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
