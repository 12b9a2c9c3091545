'use client';

import { ListScreen } from '@/components/ui/list-screen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ExportLink } from '@/components/ui/export-link';
import { SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { FilterField } from '@/components/ui/filter-field';
import type { Account } from './account';
import { accountColumns } from './columns';
import { LazyAccountForm } from './lazy-account-form';
import { accountQueries } from '@/lib/client/queries/accounts';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

export function Client({
  canManage,
  partnerId,
}: {
  canManage: boolean;
  /** The selected namespace (the export link names it). */
  partnerId: string | null;
}) {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const paging = usePaging();
  const title = params.get('account_title') ?? '';
  const status = params.get('status') ?? '';
  const routing = params.get('routing_number') ?? '';
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery(
    accountQueries.list(ns, {
      ...paging.query,
      limit: LIMIT,
      account_title: title,
      status,
      routing_number: routing,
    }),
  );
  const invalidate = () => qc.invalidateQueries({ queryKey: accountQueries.keys.all });
  const [deleting, setDeleting] = useState<Account | null>(null);
  const act = useMutation({
    mutationFn: ({ a, action }: { a: Account; action: 'verify' | 'delete' }) =>
      action === 'verify'
        ? apiFetch(`/account/${a.token}/verify`, { partner: ns, method: 'POST' })
        : apiFetch(`/account/${a.token}`, { partner: ns, method: 'DELETE' }),
    onSuccess: (_d, v) => {
      toast('success', v.action === 'verify' ? 'Account verified' : 'Account deleted');
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
    onSettled: (_d, _e, v) => {
      if (v.action === 'delete') setDeleting(null);
    },
  });
  const columns = accountColumns(
    canManage
      ? {
          busy: act.isPending,
          verify: (a) => act.mutate({ a, action: 'verify' }),
          remove: setDeleting,
        }
      : null,
  );
  return (
    <ListScreen
      title="Settlement accounts"
      create={canManage && <LazyAccountForm onCreated={invalidate} />}
      readOnly="Only your organization's admins can add, verify or delete settlement accounts."
    >
      <div className="flex flex-wrap items-end gap-3">
        <FilterField
          label="Title contains"
          id="f-title"
          value={title}
          onValue={(v) => set({ account_title: v })}
        />
        <FilterField
          label="Routing number"
          id="f-routing"
          value={routing}
          onValue={(v) => set({ routing_number: v })}
        />
        <SelectField
          label="Status"
          id="f-status"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">Active</option>
          <option value="AS_Verified">Verified</option>
          <option value="AS_Unverified">Unverified</option>
          <option value="AS_Deleted">Deleted</option>
        </SelectField>
        <ExportLink
          path="/account/export"
          filters={{ account_title: title, routing_number: routing, status }}
          partnerId={partnerId}
          className="ml-auto self-center"
        >
          Export {title || routing || status ? 'these accounts' : 'all accounts'} as CSV
        </ExportLink>
      </div>
      <DataTable
        caption="Accounts"
        columns={columns}
        data={query.data?.accounts ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No accounts match."
      />
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
    </ListScreen>
  );
}
