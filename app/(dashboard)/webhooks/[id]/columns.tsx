import type { ListOrder } from '@/lib/client/use-list-order';
import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { sortableHeader } from '@/components/data-table/sort-header';
import { Button } from '@/components/ui/button';
import { when } from '@/lib/client/format';
import type { Delivery, Webhook } from '@/lib/client/queries/webhooks';
import { AttemptEntry } from './attempt';
import { LINK } from '@/components/ui/styles';
import { DeliveryStatusBadge } from '../status';

const col = columnHelper<Delivery>();

function Attempts({ delivery }: { delivery: Delivery }) {
  if (delivery.attempt_log.length === 0)
    return (
      <span className="text-slate-600 dark:text-slate-400">
        {delivery.status === 'failed' ? 'none' : 'none yet'}
      </span>
    );
  return (
    <details>
      <summary className="cursor-pointer whitespace-nowrap text-blue-700 dark:text-blue-400">
        {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
      </summary>
      <ol className="mt-2 flex w-56 flex-col gap-2" aria-label={`Attempts of ${delivery.event_id}`}>
        {delivery.attempt_log.map((a, i) => (
          <AttemptEntry key={i} attempt={a} n={i + 1} compact />
        ))}
      </ol>
    </details>
  );
}

/** What the deliveries table needs: the endpoint, the list's order, and retrying (admins only). */
export interface DeliveryColumnsOf {
  webhook: Webhook;
  order: ListOrder;
  retry: { busy: boolean; send: (d: Delivery) => void } | null;
}

/** A webhook's deliveries: event, status, last answer, attempts, times; a retry button for admins. */
export function deliveryColumns({ webhook, order, retry }: DeliveryColumnsOf) {
  const columns = col.columns([
    col.display({
      header: 'Event',
      id: 'event',
      cell: ({ row }) => (
        <div>
          <CellLink
            href={`/webhooks/${encodeURIComponent(webhook.token)}/deliveries/${encodeURIComponent(row.original.token)}`}
            className={LINK}
            aria-label={`Delivery of ${row.original.event_type} ${row.original.event_id}`}
          >
            <code className="text-xs">{row.original.event_type}</code>
          </CellLink>
          <p className="text-xs text-slate-600 dark:text-slate-400">{row.original.event_id}</p>
        </div>
      ),
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} />,
    }),
    col.display({
      header: 'Last answer',
      id: 'code',
      cell: ({ row }) => {
        const last = row.original.attempt_log.at(-1);
        // Failed without an attempt: the event came while the endpoint was disabled.
        if (!last) return row.original.status === 'failed' ? 'Not sent: endpoint disabled' : '—';
        return last.status_code !== null ? `HTTP ${last.status_code}` : (last.error ?? 'no answer');
      },
    }),
    col.display({
      header: 'Attempts',
      id: 'attempts',
      cell: ({ row }) => <Attempts delivery={row.original} />,
    }),
    col.display({
      header: sortableHeader(order, 'when', 'Created / next attempt'),
      id: 'when',
      cell: ({ row }) => (
        <div className="text-xs">
          <p>{when(row.original.created_at.seconds)}</p>
          {row.original.next_attempt_at ? (
            <p className="text-slate-600 dark:text-slate-400">
              next {when(row.original.next_attempt_at.seconds)}
            </p>
          ) : null}
        </div>
      ),
    }),
  ]);
  if (!retry) return columns;
  const retryColumn = col.display({
    header: 'Actions',
    id: 'actions',
    cell: ({ row }) => (
      <Button
        variant="secondary"
        disabled={!webhook.enabled || retry.busy}
        title={webhook.enabled ? undefined : 'Enable the endpoint first'}
        aria-label={`Retry ${row.original.event_type} ${row.original.event_id}`}
        onClick={() => retry.send(row.original)}
      >
        Retry
      </Button>
    ),
  });
  return [...columns, retryColumn];
}
