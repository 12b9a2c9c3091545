'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { DetailRow } from '@/components/ui/detail-row';
import { Drawer } from '@/components/ui/drawer';
import { AUDIT_ACTIONS, auditActionLabel } from '@/lib/domain/audit';
import { formatLocal, when } from '@/lib/client/time';
import { auditQueries, type AuditEvent } from '@/lib/client/queries/audit';
import { oneOf, text, unixSeconds, urlFilters } from '@/lib/client/url-filters';
import { actorText, auditColumns } from './columns';

/** Who reviews organizations reads every organization's trail, and picks one. */
const NETWORK = 'organizations.review';

/**
 * The audit trail, newest first: who changed what (people and API keys), filtered by action, who,
 * target, time and — for the operator — organization, under the API's own names; an entry's
 * details open beside the list (`?entry=`).
 */
export const AuditScreen = defineListScreen({
  title: 'Audit trail',
  description: ({ may }) =>
    may(NETWORK)
      ? 'Who changed what, in every organization of the network, newest first.'
      : 'Who changed what in your organization — people and API keys — newest first. Entries cannot be edited or removed.',
  filters: urlFilters({
    action: { kind: oneOf(AUDIT_ACTIONS), label: 'Action', id: 'audit-action', options: AUDIT_ACTIONS },
    actor: { kind: text(), label: 'Who (e-mail or key name)', id: 'audit-actor' },
    target: { kind: text(), label: 'Target id', id: 'audit-target' },
    occurred_from: { kind: unixSeconds('start'), label: 'From', id: 'audit-from' },
    occurred_to: { kind: unixSeconds('end'), label: 'To', id: 'audit-to' },
    org_id: { kind: text(), label: 'Organization id (or network)', id: 'audit-org', only: NETWORK },
  }),
  order: { column: 'when', natural: 'desc', labels: { desc: 'Newest first', asc: 'Oldest first' } },
  query: auditQueries.list,
  rows: (d) => d.audit_events,
  caption: 'Audit trail',
  limit: 25,
  empty: { none: 'Nothing has been changed yet.', filtered: 'No entries match these filters.' },
  export: { path: '/audit-events/export', noun: 'entries', organization: true },
  note: ({ query, may }) =>
    query.data?.archived_through ? (
      <p className="text-sm text-slate-600 dark:text-slate-400" role="note">
        Entries up to {when(query.data.archived_through)} have been archived: they are in the trail&apos;s
        archive files, not in this list
        {may(NETWORK)
          ? ' (npm run verify-audit -- <org> --archives <folder> checks them).'
          : ' — ask the network operator for them.'}
      </p>
    ) : null,
  columns: ({ order, url }) =>
    auditColumns({
      order: order!,
      filterBy: url.set,
      selectedId: url.params.get('entry'),
      select: (token) => url.set({ entry: token ?? undefined }, 'push'),
    }),
  after: ({ query, url }) => {
    const selected = query.data?.audit_events.find((r) => r.token === url.params.get('entry'));
    return selected ? (
      <EntryDetail entry={selected} onClose={() => url.set({ entry: undefined }, 'push')} />
    ) : null;
  },
});

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
  return (
    <Drawer label="Audit entry" title={auditActionLabel(entry.action)} onClose={onClose}>
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
    </Drawer>
  );
}
