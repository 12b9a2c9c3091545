'use client';

import { SelectField } from '@/components/ui/field';
import { ListScreen } from '@/components/ui/list-screen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging, useUrlFilters } from '@/lib/client/use-url-state';
import { oneOf, urlFilters } from '@/lib/client/url-filters';
import { FilterBar } from '@/components/ui/filter-bar';
import type { Link } from './link';
import { linkColumns, type Action } from './columns';
import { LazyProposeLinkForm } from './lazy-propose-link-form';
import { linkQueries } from '@/lib/client/queries/links';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;
const TABS = [
  { id: '', label: 'All' },
  { id: 'incoming', label: 'Incoming' },
  { id: 'outgoing', label: 'Proposed by us' },
] as const;

const STATUSES = {
  proposed: 'Proposed',
  established: 'Established',
  suspended: 'Suspended',
  rejected: 'Rejected',
} as const;

/** The list's filters, under the API's own names (they are the URL's too). */
const LINK_FILTERS = urlFilters({
  direction: oneOf(['incoming', 'outgoing'] as const),
  status: oneOf(Object.keys(STATUSES) as (keyof typeof STATUSES)[]),
});

export function Client({ canManage }: { canManage: boolean }) {
  const ns = useNamespace();
  const list = useUrlFilters(LINK_FILTERS);
  const direction = list.filters.direction ?? '';
  const paging = usePaging();
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery(linkQueries.list(ns, { ...list.gateway, ...paging.query, limit: LIMIT }));
  const invalidate = () => qc.invalidateQueries({ queryKey: linkQueries.keys.all });
  const act = useMutation({
    mutationFn: ({ l, action }: { l: Link; action: Action }) =>
      apiFetch<Link>(`/link/${l.token}`, { partner: ns, method: 'PUT', body: { action } }),
    onSuccess: (l) => {
      toast('success', `Link is now ${l.status}`);
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
  });
  const columns = linkColumns(
    canManage ? { mine: ns, busy: act.isPending, act: (l, action) => act.mutate({ l, action }) } : null,
  );
  return (
    <ListScreen
      title="Links"
      create={canManage && <LazyProposeLinkForm />}
      readOnly="Only your organization's admins can propose, accept, reject, suspend or resume links."
    >
      <FilterBar label="Filter the links" list={list}>
        <div role="tablist" aria-label="Direction" className="flex gap-2">
          {TABS.map((t) => (
            <button
              key={t.id}
              role="tab"
              aria-selected={direction === t.id}
              onClick={() => list.set({ direction: t.id })}
              className={`rounded-md px-3 py-1.5 text-sm ${direction === t.id ? 'bg-blue-600 text-white' : 'border border-slate-300 dark:border-slate-600'}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <SelectField
          label="Status"
          id="link-status"
          value={list.filters.status ?? ''}
          onChange={(e) => list.set({ status: e.target.value })}
        >
          <option value="">Any</option>
          {Object.entries(STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      <DataTable
        caption="Links"
        columns={columns}
        data={query.data?.links ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={list.active ? 'No links match these filters.' : 'No links yet.'}
      />
    </ListScreen>
  );
}
