import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { when } from '@/lib/client/format';
import type { Webhook } from '@/lib/client/queries/webhooks';
import { WebhookStatusBadge } from './status';
import { LINK } from '@/components/ui/styles';

const col = columnHelper<Webhook>();

/** The webhooks table's columns (read only: changes are on each endpoint's page). */
export const webhookColumns = col.columns([
  col.display({
    header: 'Endpoint',
    id: 'url',
    cell: ({ row }) => (
      <CellLink href={`/webhooks/${row.original.token}`} className={`font-medium break-all ${LINK}`}>
        {row.original.kind === 'inbox' ? 'Inbox (in the dashboard)' : row.original.url}
      </CellLink>
    ),
  }),
  col.accessor('description', { header: 'Description', cell: (c) => c.getValue() || '—' }),
  col.display({
    header: 'Events',
    id: 'events',
    cell: ({ row }) =>
      row.original.event_types.includes('*')
        ? 'All events'
        : `${row.original.event_types.length} ${row.original.event_types.length === 1 ? 'type' : 'types'}`,
  }),
  col.display({
    header: 'Status',
    id: 'status',
    cell: ({ row }) => <WebhookStatusBadge webhook={row.original} />,
  }),
  col.display({
    header: 'Created',
    id: 'created',
    cell: ({ row }) => when(row.original.created_at.seconds),
  }),
]);
