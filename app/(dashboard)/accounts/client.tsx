'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { accountQueries } from '@/lib/client/queries/accounts';
import { oneOf, text, urlFilters } from '@/lib/client/url-filters';
import type { Account } from './account';
import { accountColumns } from './columns';
import { LazyAccountForm } from './lazy-account-form';

/** Account statuses as the filter names them (no status: the active accounts). */
const STATUSES = { AS_Verified: 'Verified', AS_Unverified: 'Unverified', AS_Deleted: 'Deleted' } as const;

/** The namespace's settlement accounts; admins add, verify (sandbox) and delete them. */
export const AccountsScreen = defineListScreen({
  title: 'Settlement accounts',
  filters: urlFilters({
    account_title: { kind: text(), label: 'Title contains', id: 'f-title' },
    routing_number: { kind: text(), label: 'Routing number', id: 'f-routing' },
    status: { kind: oneOf(STATUSES), label: 'Status', id: 'f-status', options: STATUSES, any: 'Active' },
  }),
  query: accountQueries.list,
  rows: (d) => d.accounts,
  caption: 'Accounts',
  limit: 20,
  empty: { none: 'No accounts yet.', filtered: 'No accounts match these filters.' },
  export: { path: '/account/export', noun: 'accounts' },
  manage: 'accounts.manage',
  useControls: ({ ns, invalidate }) => {
    const toast = useToast();
    const [deleting, setDeleting] = useState<Account | null>(null);
    const act = useMutation({
      mutationFn: ({ a, action }: { a: Account; action: 'verify' | 'delete' }) =>
        action === 'verify'
          ? apiFetch(`/account/${a.token}/verify`, { partner: ns, method: 'POST' })
          : apiFetch(`/account/${a.token}`, { partner: ns, method: 'DELETE' }),
      onSuccess: (_d, v) => {
        toast('success', v.action === 'verify' ? 'Account verified' : 'Account deleted');
        void invalidate();
      },
      onError: (e: Error) => toast('error', e.message),
      onSettled: (_d, _e, v) => {
        if (v.action === 'delete') setDeleting(null);
      },
    });
    return { act, deleting, setDeleting };
  },
  create: (s) => <LazyAccountForm onCreated={s.invalidate} />,
  readOnly: "Only your organization's admins can add, verify or delete settlement accounts.",
  columns: ({ canManage, controls: { act, setDeleting } }) =>
    accountColumns(
      canManage
        ? { busy: act.isPending, verify: (a) => act.mutate({ a, action: 'verify' }), remove: setDeleting }
        : null,
    ),
  after: ({ controls: { act, deleting, setDeleting } }) => (
    <ConfirmDialog
      open={deleting !== null}
      title={`Delete “${deleting?.account_title ?? ''}”?`}
      confirmLabel={act.isPending ? 'Deleting…' : 'Delete'}
      busy={act.isPending}
      onConfirm={() => deleting && act.mutate({ a: deleting, action: 'delete' })}
      onCancel={() => setDeleting(null)}
    >
      The account {deleting?.masked_account_number} will no longer be used for settlement. It stays readable
      under the Deleted filter; this cannot be undone.
    </ConfirmDialog>
  ),
});
