'use client';

import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A final decision confirmed with a note that is kept with it (the operator's verify or reject of
 * an organization or an account): the note is required, and said so when left empty. Mount it
 * keyed by what is decided, so each decision starts with an empty note.
 */
export function NoteConfirmDialog({
  open,
  title,
  confirmLabel,
  tone,
  busy,
  noteLabel = 'Note (required, shown to the organization)',
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  busy: boolean;
  noteLabel?: string;
  onConfirm: (note: string) => void;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      busy={busy}
      onConfirm={() => {
        if (!note.trim()) setError('Enter a note: it is kept with the decision');
        else onConfirm(note);
      }}
      onCancel={onCancel}
    >
      {children}
      <label htmlFor="decision-note" className="mt-3 block font-medium">
        {noteLabel}
      </label>
      <textarea
        id="decision-note"
        rows={3}
        value={note}
        maxLength={1000}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'decision-note-error' : undefined}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800"
      />
      {error ? (
        <p id="decision-note-error" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
