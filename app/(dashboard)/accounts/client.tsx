'use client';

import { ListScreen } from '@/components/ui/list-screen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FilterBar } from '@/components/ui/filter-bar';
import { oneOf, text, urlFilters } from '@/lib/client/url-filters';
import { SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging, useUrlFilters } from '@/lib/client/use-url-state';
import { FilterField } from '@/components/ui/filter-field';
import type { Account } from './account';
import { accountColumns } from './columns';
import { LazyAccountForm } from './lazy-account-form';
import { accountQueries } from '@/lib/client/queries/accounts';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

/** Account statuses as the filter names them (no status: the active accounts). */
const STATUSES = { AS_Verified: 'Verified', AS_Unverified: 'Unverified', AS_Deleted: 'Deleted' } as const;

/** The list's filters, under the API's own names (they are the URL's too). */
const ACCOUNT_FILTERS = urlFilters({
  account_title: text(),
  routing_number: text(),
  status: oneOf(Object.keys(STATUSES) as (keyof typeof STATUSES)[]),
});

export function Client({
  canManage,
  partnerId,
}: {
  canManage: boolean;
  /** The selected namespace (the export link names it). */
  partnerId: string | null;
}) {
  const ns = useNamespace();
  const list = useUrlFilters(ACCOUNT_FILTERS);
  const { filters } = list;
  const paging = usePaging();
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery(accountQueries.list(ns, { ...list.gateway, ...paging.query, limit: LIMIT }));
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
      <FilterBar
        label="Filter the accounts"
        list={list}
        exportTo={{ path: '/account/export', noun: 'accounts', partnerId }}
      >
        <FilterField
          label="Title contains"
          id="f-title"
          value={filters.account_title ?? ''}
          onValue={(v) => list.set({ account_title: v })}
        />
        <FilterField
          label="Routing number"
          id="f-routing"
          value={filters.routing_number ?? ''}
          onValue={(v) => list.set({ routing_number: v })}
        />
        <SelectField
          label="Status"
          id="f-status"
          value={filters.status ?? ''}
          onChange={(e) => list.set({ status: e.target.value })}
        >
          <option value="">Active</option>
          {Object.entries(STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      <DataTable
        caption="Accounts"
        columns={columns}
        data={query.data?.accounts ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={list.active ? 'No accounts match these filters.' : 'No accounts yet.'}
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
