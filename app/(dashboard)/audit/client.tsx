'use client';

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { FilterBar } from '@/components/ui/filter-bar';
import { TimeRangeFields } from '@/components/ui/time-range-fields';
import { DetailRow } from '@/components/ui/detail-row';
import { SelectField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { AUDIT_ACTIONS, auditActionLabel } from '@/lib/domain/audit';
import { formatLocal, when } from '@/lib/client/time';
import { auditQueries, type AuditEvent } from '@/lib/client/queries/audit';
import { usePaging, useUrlFilters, useUrlState } from '@/lib/client/use-url-state';
import { AUDIT_FILTERS } from './search-params';
import { useListOrder } from '@/lib/client/use-list-order';
import { FilterField } from '@/components/ui/filter-field';
import { PageTitle } from '@/components/ui/page-title';
import { actorText, auditColumns } from './columns';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 25;

export function AuditClient({ operator }: { operator: boolean }) {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const paging = usePaging();
  const order = useListOrder('when', 'desc', { desc: 'Newest first', asc: 'Oldest first' });
  const list = useUrlFilters(AUDIT_FILTERS);
  const { filters } = list;
  const query = useQuery(
    auditQueries.list(ns, { ...list.gateway, ...order.query, cursor: paging.cursor, limit: LIMIT }),
  );
  const rows = query.data?.audit_events ?? [];
  const selectedId = params.get('entry');
  const selected = rows.find((r) => r.token === selectedId) ?? null;

  const columns = auditColumns({
    order,
    filterBy: set,
    selectedId,
    select: (token) => set({ entry: token ?? undefined }, 'push'),
  });

  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          operator
            ? 'Who changed what, in every organization of the network, newest first.'
            : 'Who changed what in your organization — people and API keys — newest first. Entries cannot be edited or removed.'
        }
      >
        Audit trail
      </PageTitle>
      <FilterBar
        label="Filter the audit trail"
        list={list}
        exportTo={{ path: '/audit-events/export', noun: 'entries', extra: order.query }}
      >
        <SelectField
          label="Action"
          id="audit-action"
          value={filters.action ?? ''}
          onChange={(e) => list.set({ action: e.target.value })}
        >
          <option value="">Any</option>
          {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <FilterField
          label="Who (e-mail or key name)"
          id="audit-actor"
          value={filters.actor ?? ''}
          onValue={(v) => list.set({ actor: v })}
        />
        <FilterField
          label="Target id"
          id="audit-target"
          value={filters.target ?? ''}
          onValue={(v) => list.set({ target: v })}
        />
        <TimeRangeFields
          ids={['audit-from', 'audit-to']}
          from={filters.occurred_from}
          to={filters.occurred_to}
          onFrom={(v) => list.set({ occurred_from: v })}
          onTo={(v) => list.set({ occurred_to: v })}
        />
        {operator ? (
          <FilterField
            label="Organization id (or network)"
            id="audit-org"
            value={filters.org_id ?? ''}
            onValue={(v) => list.set({ org_id: v })}
          />
        ) : null}
      </FilterBar>
      <FormAlert message={query.isError ? (query.error as Error).message : null} />
      {query.data?.archived_through ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="note">
          Entries up to {when(query.data.archived_through)} have been archived: they are in the trail&apos;s
          archive files, not in this list
          {operator
            ? ' (npm run verify-audit -- <org> --archives <folder> checks them).'
            : ' — ask the network operator for them.'}
        </p>
      ) : null}
      <DataTable
        caption="Audit trail"
        columns={columns}
        data={rows}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        order={order}
        isLoading={query.isLoading}
        empty={list.active ? 'No entries match these filters.' : 'Nothing has been changed yet.'}
      />
      {selected ? <EntryDetail entry={selected} onClose={() => set({ entry: undefined }, 'push')} /> : null}
    </div>
  );
}

function Changes({ title, fields }: { title: string; fields: Record<string, unknown> | undefined }) {
  if (!fields || Object.keys(fields).length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        {Object.entries(fields).map(([k, v]) => (
          <DetailRow key={k} term={k}>
            <span className="font-mono text-xs">{typeof v === 'string' ? v : JSON.stringify(v)}</span>
          </DetailRow>
        ))}
      </dl>
    </div>
  );
}

/** The entry's detail, in a drawer over the right of the list (the table keeps its width); Esc closes it. */
function EntryDetail({ entry, onClose }: { entry: AuditEvent; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <aside
      aria-label="Audit entry"
      className="fixed inset-y-0 right-0 z-30 flex w-full max-w-md flex-col gap-4 overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">{auditActionLabel(entry.action)}</h2>
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <DetailRow term="When">{formatLocal(new Date(entry.occurred_at_ms))}</DetailRow>
        <DetailRow term="Who">{actorText(entry)}</DetailRow>
        {entry.actor.id ? <DetailRow term="Actor id">{entry.actor.id}</DetailRow> : null}
        <DetailRow term="Target">
          {entry.target.type} {entry.target.id ?? ''}
        </DetailRow>
        {entry.partner_id ? <DetailRow term="Namespace">{entry.partner_id}</DetailRow> : null}
        {entry.org_id ? <DetailRow term="Organization">{entry.org_id}</DetailRow> : null}
        <DetailRow term="From">{entry.ip ?? '—'}</DetailRow>
        <DetailRow term="Browser">{entry.user_agent ?? '—'}</DetailRow>
        <DetailRow term="Request">{entry.request_id ?? '—'}</DetailRow>
        <DetailRow term="Entry">{entry.token}</DetailRow>
      </dl>
      <Changes title="Before" fields={entry.changes?.before} />
      <Changes title="After" fields={entry.changes?.after} />
    </aside>
  );
}
