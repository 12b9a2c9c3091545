'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';

export interface Org {
  token: string;
  name: string;
  status: 'sandbox' | 'verified' | 'rejected';
  created_at: { seconds: number };
  decided_at: { seconds: number } | null;
  decision_note: string | null;
}
export type Verb = 'verify' | 'reject';

/**
 * Verifying or rejecting an organization: final, so confirmed in a dialog with a note that is
 * kept and shown to the organization. One home for the list and the review page.
 */
export function useOrgDecision() {
  const qc = useQueryClient();
  const toast = useToast();
  const [deciding, setDeciding] = useState<{ org: Pick<Org, 'token' | 'name'>; verb: Verb } | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const open = (org: Pick<Org, 'token' | 'name'>, verb: Verb) => {
    setDeciding({ org, verb });
    setNote('');
    setNoteError(null);
  };
  const decide = useMutation({
    mutationFn: ({ org, verb, note }: { org: Pick<Org, 'token'>; verb: Verb; note: string }) =>
      apiFetch<Org>(`/operator/organizations/${org.token}/${verb}`, { method: 'POST', body: { note } }),
    onSuccess: (o) => {
      toast('success', `${o.name} is now ${o.status}`);
      qc.invalidateQueries({ queryKey: ['organizations'] });
    },
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => setDeciding(null),
  });
  const confirm = () => {
    if (!deciding) return;
    if (!note.trim()) {
      setNoteError('Enter a note: it is kept with the decision');
      return;
    }
    decide.mutate({ ...deciding, note });
  };
  const dialog = (
    <ConfirmDialog
      open={deciding !== null}
      title={`${deciding?.verb === 'reject' ? 'Reject' : 'Verify'} “${deciding?.org.name ?? ''}”?`}
      confirmLabel={
        decide.isPending
          ? 'Saving…'
          : deciding?.verb === 'reject'
            ? 'Reject organization'
            : 'Verify organization'
      }
      tone={deciding?.verb === 'reject' ? 'danger' : 'primary'}
      busy={decide.isPending}
      onConfirm={confirm}
      onCancel={() => setDeciding(null)}
    >
      <p>
        {deciding?.verb === 'reject'
          ? 'The organization stays in the sandbox and cannot be verified later.'
          : 'The organization may then create production namespaces and live keys.'}{' '}
        The decision is final.
      </p>
      <label htmlFor="decision-note" className="mt-3 block font-medium">
        Note (required, shown to the organization)
      </label>
      <textarea
        id="decision-note"
        rows={3}
        value={note}
        maxLength={1000}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={noteError ? 'decision-note-error' : undefined}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800"
      />
      {noteError ? (
        <p id="decision-note-error" className="text-red-700 dark:text-red-400">
          {noteError}
        </p>
      ) : null}
    </ConfirmDialog>
  );
  return { open, dialog, isPending: decide.isPending };
}
