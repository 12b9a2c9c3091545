'use client';

import { SelectField } from '@/components/ui/field';
import { ListScreen } from '@/components/ui/list-screen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListPage } from '@/lib/client/list-page';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import type { Namespace } from './namespace';
import { LazyCreateNamespaceForm } from './lazy-create-namespace-form';

// Opened by an admin's "Settings": loaded then (the list's first load stays light).
const SettingsDialog = lazy(() => import('./settings-dialog'));

/** 86400 → "1 d", 5400 → "90 min". */
const duration = (s: number) =>
  s % 86400 === 0
    ? `${s / 86400} d`
    : s % 3600 === 0
      ? `${s / 3600} h`
      : s % 60 === 0
        ? `${s / 60} min`
        : `${s} s`;
const col = columnHelper<Namespace>();

const LIMIT = 20;

/** `verified`: the organization may create production namespaces (and chooses); others make sandbox ones. */
export function NamespacesClient({ canManage, verified }: { canManage: boolean; verified: boolean }) {
  const { params, set } = useUrlState();
  const paging = usePaging();
  const enabled = params.get('enabled') ?? '';
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: ['partners', { cursor: paging.cursor, enabled }],
    queryFn: () =>
      apiFetch<ListPage & { partners: Namespace[] }>(
        `/partner?limit=${LIMIT}${paging.param}${enabled ? `&enabled=${enabled}` : ''}`,
      ),
  });
  const toggle = useMutation({
    mutationFn: (n: Namespace) =>
      apiFetch(`/partner/${n.token}`, { method: 'PATCH', body: { enabled: !n.enabled } }),
    onSuccess: () => {
      toast('success', 'Namespace updated');
      qc.invalidateQueries({ queryKey: ['partners'] });
    },
    onError: (e: Error) => toast('error', e.message),
  });
  const [editing, setEditing] = useState<Namespace | null>(null);

  const columns = col.columns([
    col.accessor('name', { header: 'Name' }),
    col.accessor('domain', {
      header: 'Domain',
      cell: (c) => <code className="text-xs">{c.getValue()}</code>,
    }),
    col.accessor('environment', { header: 'Environment' }),
    col.accessor('enabled', { header: 'Status', cell: (c) => (c.getValue() ? 'Enabled' : 'Disabled') }),
    col.accessor('payment_ttl_seconds', { header: 'Payment TTL', cell: (c) => duration(c.getValue()) }),
    col.accessor('review_threshold', {
      header: 'Review from (minor units)',
      cell: (c) => <span className="tabular-nums">{BigInt(c.getValue()).toLocaleString('en')}</span>,
    }),
    col.accessor('four_eyes_threshold', {
      header: 'Four eyes',
      cell: ({ row: { original: n } }) =>
        n.four_eyes_threshold === null
          ? 'Off'
          : `From ${BigInt(n.four_eyes_threshold).toLocaleString('en')}, ${n.four_eyes_approvals} approver${n.four_eyes_approvals > 1 ? 's' : ''}`,
    }),
    // Changes are for admins; everyone else reads.
    ...(canManage
      ? [
          col.display({
            header: 'Actions',
            id: 'actions',
            cell: ({ row }) => (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate(row.original)}
                  aria-label={`${row.original.enabled ? 'Disable' : 'Enable'} ${row.original.domain}`}
                >
                  {row.original.enabled ? 'Disable' : 'Enable'}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => setEditing(row.original)}
                  aria-label={`Settings of ${row.original.domain}`}
                >
                  Settings
                </Button>
              </div>
            ),
          }),
        ]
      : []),
  ]);

  return (
    <ListScreen
      title="Namespaces"
      create={canManage && <LazyCreateNamespaceForm verified={verified} />}
      readOnly="Only your organization's admins can create, enable or disable namespaces."
    >
      <div className="flex items-end gap-3">
        <SelectField
          label="Show"
          id="enabled-filter"
          value={enabled}
          onChange={(e) => set({ enabled: e.target.value })}
        >
          <option value="">All</option>
          <option value="true">Enabled</option>
          <option value="false">Disabled</option>
        </SelectField>
      </div>
      {editing ? (
        <Suspense>
          <SettingsDialog ns={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <DataTable
        caption="Namespaces"
        columns={columns}
        data={query.data?.partners ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
      />
    </ListScreen>
  );
}
