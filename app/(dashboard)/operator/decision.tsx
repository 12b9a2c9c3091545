'use client';

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { NoteConfirmDialog } from '@/components/ui/note-confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import type { Organization } from '@/lib/schemas/organizations';
import { organizationQueries } from '@/lib/client/queries/operator';
import { useNamespace } from '@/lib/client/namespace';

/** An organization as the gateway answers it (lib/schemas, type only). */
export type Org = Organization;
export type Verb = 'verify' | 'reject';

/** What a list's decision buttons need of a decision: open its dialog, and whether one is under way. */
export interface DecisionControls<T> {
  open: (t: T, verb: Verb) => void;
  isPending: boolean;
}

/** What one kind of operator decision needs: the record's name and address, and what it does. */
interface DecisionOf<T> {
  /** What is decided, as the dialog's buttons name it: "organization", "account". */
  noun: string;
  name: (t: T) => string;
  key: (t: T) => string;
  path: (t: T, verb: Verb) => string;
  /** What the decision does, under the dialog's title. */
  consequence: (t: T, verb: Verb) => React.ReactNode;
  /** Said once it is made, from the gateway's answer. */
  done: (t: T, verb: Verb, answer: unknown) => string;
  /** The query (its first key) the decision changes. */
  invalidates: QueryKey;
}

/**
 * The operator verifies or rejects a record: final, so confirmed in a dialog with a note that is
 * kept and shown to its organization. One home for every such decision (organizations, accounts)
 * on every screen that offers it: `open(record, verb)`, and `dialog` rendered once.
 */
export function useOperatorDecision<T>(of: DecisionOf<T>) {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const [deciding, setDeciding] = useState<{ t: T; verb: Verb } | null>(null);
  const open = (t: T, verb: Verb) => setDeciding({ t, verb });
  const decide = useMutation({
    mutationFn: ({ t, verb, note }: { t: T; verb: Verb; note: string }) =>
      apiFetch<unknown>(of.path(t, verb), { partner: ns, method: 'POST', body: { note } }),
    onSuccess: (answer, { t, verb }) => toast('success', of.done(t, verb, answer)),
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => {
      setDeciding(null);
      void qc.invalidateQueries({ queryKey: of.invalidates });
    },
  });
  const rejecting = deciding?.verb === 'reject';
  const dialog = (
    <NoteConfirmDialog
      key={deciding ? `${of.key(deciding.t)}-${deciding.verb}` : 'closed'}
      open={deciding !== null}
      title={`${rejecting ? 'Reject' : 'Verify'} “${deciding ? of.name(deciding.t) : ''}”?`}
      confirmLabel={decide.isPending ? 'Saving…' : `${rejecting ? 'Reject' : 'Verify'} ${of.noun}`}
      tone={rejecting ? 'danger' : 'primary'}
      busy={decide.isPending}
      onConfirm={(note) => deciding && decide.mutate({ ...deciding, note })}
      onCancel={() => setDeciding(null)}
    >
      <p>{deciding ? of.consequence(deciding.t, deciding.verb) : null}</p>
    </NoteConfirmDialog>
  );
  return { open, dialog, isPending: decide.isPending };
}

/** Verifying or rejecting an organization: the list and the review page. */
export function useOrgDecision() {
  return useOperatorDecision<Pick<Org, 'token' | 'name'>>({
    noun: 'organization',
    name: (o) => o.name,
    key: (o) => o.token,
    path: (o, verb) => `/operator/organizations/${o.token}/${verb}`,
    consequence: (_, verb) =>
      `${
        verb === 'reject'
          ? 'The organization stays in the sandbox and cannot be verified later.'
          : 'The organization may then create production namespaces and live keys.'
      } The decision is final.`,
    done: (_, __, answer) => {
      const o = answer as Org;
      return `${o.name} is now ${o.status}`;
    },
    invalidates: organizationQueries.keys.all,
  });
}
