'use client';

import { SelectField } from '@/components/ui/field';
import { ListScreen } from '@/components/ui/list-screen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListPage } from '@/lib/client/list-page';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { apiFetch, getActivePartner } from '@/lib/client/api';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import type { Link } from './link';
import { LazyProposeLinkForm } from './lazy-propose-link-form';

const col = columnHelper<Link>();
type Action = 'accept' | 'reject' | 'suspend' | 'resume';
const LIMIT = 20;
const TABS = [
  { id: '', label: 'All' },
  { id: 'incoming', label: 'Incoming' },
  { id: 'outgoing', label: 'Proposed by us' },
] as const;

export function Client({ canManage }: { canManage: boolean }) {
  const { params, set } = useUrlState();
  const paging = usePaging();
  const direction = params.get('direction') ?? '';
  const status = params.get('status') ?? '';
  const qc = useQueryClient();
  const toast = useToast();
  const qs = new URLSearchParams({
    ...paging.query,
    limit: String(LIMIT),
    ...(direction ? { direction } : {}),
    ...(status ? { status } : {}),
  });
  const query = useQuery({
    queryKey: ['links', qs.toString()],
    queryFn: () => apiFetch<ListPage & { links: Link[] }>(`/link?${qs}`),
  });
  const invalidate = () => qc.invalidateQueries({ queryKey: ['links'] });
  const act = useMutation({
    mutationFn: ({ l, action }: { l: Link; action: Action }) =>
      apiFetch<Link>(`/link/${l.token}`, { method: 'PUT', body: { action } }),
    onSuccess: (l) => {
      toast('success', `Link is now ${l.status}`);
      invalidate();
    },
    onError: (e: Error) => toast('error', e.message),
  });
  // Seen from the selected namespace: only the proposed counterparty accepts or rejects, and a
  // row's buttons name the other side of the link.
  const mine = getActivePartner();
  const other = (l: Link) => (l.requester_partner_id === mine ? l.counterparty_domain : l.requester_domain);
  const actions = (l: Link): Action[] => {
    if (l.status === 'proposed') return l.counterparty_partner_id === mine ? ['accept', 'reject'] : [];
    if (l.status === 'established') return ['suspend'];
    if (l.status === 'suspended') return ['resume'];
    return [];
  };
  const columns = col.columns([
    col.accessor('requester_domain', { header: 'Requester' }),
    col.accessor('counterparty_domain', { header: 'Counterparty' }),
    col.accessor('status', { header: 'Status' }),
    // Changes are for admins; everyone else reads.
    ...(canManage
      ? [
          col.display({
            header: 'Actions',
            id: 'actions',
            cell: ({ row }) => (
              <div className="flex gap-2">
                {actions(row.original).map((a) => (
                  <Button
                    key={a}
                    variant={a === 'reject' ? 'danger' : 'secondary'}
                    disabled={act.isPending}
                    onClick={() => act.mutate({ l: row.original, action: a })}
                    aria-label={`${a} link with ${other(row.original)}`}
                  >
                    {a[0]!.toUpperCase() + a.slice(1)}
                  </Button>
                ))}
              </div>
            ),
          }),
        ]
      : []),
  ]);
  return (
    <ListScreen
      title="Links"
      create={canManage && <LazyProposeLinkForm />}
      readOnly="Only your organization's admins can propose, accept, reject, suspend or resume links."
    >
      <div className="flex flex-wrap items-end gap-3">
        <div role="tablist" aria-label="Direction" className="flex gap-2">
          {TABS.map((t) => (
            <button
              key={t.id}
              role="tab"
              aria-selected={direction === t.id}
              onClick={() => set({ direction: t.id })}
              className={`rounded-md px-3 py-1.5 text-sm ${direction === t.id ? 'bg-blue-600 text-white' : 'border border-slate-300 dark:border-slate-600'}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <SelectField
          label="Status"
          id="link-status"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">Any</option>
          <option value="proposed">Proposed</option>
          <option value="established">Established</option>
          <option value="suspended">Suspended</option>
          <option value="rejected">Rejected</option>
        </SelectField>
      </div>
      <DataTable
        caption="Links"
        columns={columns}
        data={query.data?.links ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No links."
      />
    </ListScreen>
  );
}
