'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NoteConfirmDialog } from '@/components/ui/note-confirm-dialog';
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
  const open = (org: Pick<Org, 'token' | 'name'>, verb: Verb) => setDeciding({ org, verb });
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
  const dialog = (
    <NoteConfirmDialog
      key={deciding ? `${deciding.org.token}-${deciding.verb}` : 'closed'}
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
      onConfirm={(note) => deciding && decide.mutate({ ...deciding, note })}
      onCancel={() => setDeciding(null)}
    >
      <p>
        {deciding?.verb === 'reject'
          ? 'The organization stays in the sandbox and cannot be verified later.'
          : 'The organization may then create production namespaces and live keys.'}{' '}
        The decision is final.
      </p>
    </NoteConfirmDialog>
  );
  return { open, dialog, isPending: decide.isPending };
}
