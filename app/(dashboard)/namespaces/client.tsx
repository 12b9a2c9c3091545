'use client';

import { SelectField } from '@/components/ui/field';
import { ListScreen } from '@/components/ui/list-screen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging, useUrlFilters, useUrlState } from '@/lib/client/use-url-state';
import { oneOf, urlFilters } from '@/lib/client/url-filters';
import { FilterBar } from '@/components/ui/filter-bar';
import type { Namespace } from './namespace';
import { namespaceColumns } from './columns';
import { LazyCreateNamespaceForm } from './lazy-create-namespace-form';
import { namespaceQueries } from '@/lib/client/queries/namespaces';
import { useNamespace } from '@/lib/client/namespace';

// Opened by an admin's "Settings": loaded then (the list's first load stays light).
const SettingsDialog = lazy(() => import('./settings-dialog'));

const LIMIT = 20;

/** The list's filter: enabled or disabled namespaces only (`enabled`, as the API names it). */
const NAMESPACE_FILTERS = urlFilters({ enabled: oneOf(['true', 'false'] as const) });

/** `verified`: the organization may create production namespaces (and chooses); others make sandbox ones. */
export function NamespacesClient({ canManage, verified }: { canManage: boolean; verified: boolean }) {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const paging = usePaging();
  const list = useUrlFilters(NAMESPACE_FILTERS);
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery(namespaceQueries.list(ns, { ...list.gateway, ...paging.query, limit: LIMIT }));
  const toggle = useMutation({
    mutationFn: (n: Namespace) =>
      apiFetch(`/partner/${n.token}`, { partner: ns, method: 'PATCH', body: { enabled: !n.enabled } }),
    onSuccess: () => {
      toast('success', 'Namespace updated');
      qc.invalidateQueries({ queryKey: namespaceQueries.keys.all });
    },
    onError: (e: Error) => toast('error', e.message),
  });
  const [editing, setEditing] = useState<Namespace | null>(null);
  // `?settings=<id>` opens that namespace's settings (the liquidity screen links its on_cap here).
  const linkedId = params.get('settings');
  const linked = useQuery({
    ...namespaceQueries.detail(ns, linkedId ?? ''),
    enabled: canManage && Boolean(linkedId),
  });
  const open = editing ?? (linkedId ? (linked.data ?? null) : null);
  const close = () => {
    setEditing(null);
    if (linkedId) set({ settings: undefined });
  };

  const columns = namespaceColumns(
    canManage ? { busy: toggle.isPending, toggle: (n) => toggle.mutate(n), edit: setEditing } : null,
  );

  return (
    <ListScreen
      title="Namespaces"
      create={canManage && <LazyCreateNamespaceForm verified={verified} />}
      readOnly="Only your organization's admins can create, enable or disable namespaces."
    >
      <FilterBar label="Filter the namespaces" list={list}>
        <SelectField
          label="Show"
          id="enabled-filter"
          value={list.filters.enabled ?? ''}
          onChange={(e) => list.set({ enabled: e.target.value })}
        >
          <option value="">All</option>
          <option value="true">Enabled</option>
          <option value="false">Disabled</option>
        </SelectField>
      </FilterBar>
      {open ? (
        <Suspense>
          <SettingsDialog key={open.token} ns={open} onClose={close} />
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
