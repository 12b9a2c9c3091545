'use client';

import { useMutation } from '@tanstack/react-query';
import { defineListScreen } from '@/components/screen/list-screen';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { linkQueries } from '@/lib/client/queries/links';
import { oneOf, urlFilters, type FilterComponent } from '@/lib/client/url-filters';
import type { Link } from './link';
import { linkColumns, type Action } from './columns';
import { LazyProposeLinkForm } from './lazy-propose-link-form';

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

/** The direction filter as tabs: all links, those proposed to us, those we proposed. */
const DirectionTabs: FilterComponent = ({ label, value, onValue }) => (
  <div role="tablist" aria-label={label} className="flex gap-2">
    {TABS.map((t) => (
      <button
        key={t.id}
        role="tab"
        aria-selected={value === t.id}
        onClick={() => onValue(t.id)}
        className={`rounded-md px-3 py-1.5 text-sm ${value === t.id ? 'bg-blue-600 text-white' : 'border border-slate-300 dark:border-slate-600'}`}
      >
        {t.label}
      </button>
    ))}
  </div>
);

/** The namespace's links, either direction; admins propose, accept, reject, suspend and resume them. */
export const LinksScreen = defineListScreen({
  title: 'Links',
  filters: urlFilters({
    direction: {
      kind: oneOf(['incoming', 'outgoing'] as const),
      label: 'Direction',
      id: 'link-direction',
      component: DirectionTabs,
    },
    status: { kind: oneOf(STATUSES), label: 'Status', id: 'link-status', options: STATUSES },
  }),
  query: linkQueries.list,
  rows: (d) => d.links,
  caption: 'Links',
  limit: 20,
  empty: { none: 'No links yet.', filtered: 'No links match these filters.' },
  manage: 'links.manage',
  useControls: ({ ns, invalidate }) => {
    const toast = useToast();
    return useMutation({
      mutationFn: ({ l, action }: { l: Link; action: Action }) =>
        apiFetch<Link>(`/link/${l.token}`, { partner: ns, method: 'PUT', body: { action } }),
      onSuccess: (l) => {
        toast('success', `Link is now ${l.status}`);
        void invalidate();
      },
      onError: (e: Error) => toast('error', e.message),
    });
  },
  create: <LazyProposeLinkForm />,
  readOnly: "Only your organization's admins can propose, accept, reject, suspend or resume links.",
  columns: ({ ns, canManage, controls: act }) =>
    linkColumns(
      canManage ? { mine: ns, busy: act.isPending, act: (l, action) => act.mutate({ l, action }) } : null,
    ),
});
