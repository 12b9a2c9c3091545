'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { sortableHeader } from '@/components/data-table/sort-header';
import { SelectField } from '@/components/ui/field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ExportLink } from '@/components/ui/export-link';
import { useToast } from '@/components/ui/toast';
import { when } from '@/lib/client/format';
import {
  deliveriesQuery,
  useRetryDelivery,
  type Delivery,
  type Webhook,
} from '@/lib/client/queries/webhooks';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { useListOrder } from '@/lib/client/use-list-order';
import { AttemptEntry } from './attempt';
import { LINK } from '@/components/ui/styles';

const col = columnHelper<Delivery>();

const LIMIT = 20;
const STATUS_TONE = { succeeded: 'green', failed: 'red', pending: 'amber' } as const;

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

/** The delivery log: every event sent to the endpoint, its attempts, and a manual retry (admins). */
export function Deliveries({
  webhook,
  canRetry,
  partnerId,
}: {
  webhook: Webhook;
  canRetry: boolean;
  /** The selected namespace (the export link names it). */
  partnerId: string | null;
}) {
  const { params, set } = useUrlState();
  const status = params.get('status') ?? '';
  const paging = usePaging('deliveries');
  const order = useListOrder('when', 'desc', { desc: 'Newest first', asc: 'Oldest first' }, 'deliveries');
  const toast = useToast();
  const query = useQuery(
    deliveriesQuery(webhook.token, {
      status: status || undefined,
      cursor: paging.cursor,
      limit: LIMIT,
      ...order.query,
    }),
  );
  const retry = useRetryDelivery();

  const columns = col.columns([
    col.display({
      header: 'Event',
      id: 'event',
      cell: ({ row }) => (
        <div>
          <Link
            href={`/webhooks/${encodeURIComponent(webhook.token)}/deliveries/${encodeURIComponent(row.original.token)}`}
            className={LINK}
            aria-label={`Delivery of ${row.original.event_type} ${row.original.event_id}`}
          >
            <code className="text-xs">{row.original.event_type}</code>
          </Link>
          <p className="text-xs text-slate-600 dark:text-slate-400">{row.original.event_id}</p>
        </div>
      ),
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => (
        <Badge tone={STATUS_TONE[row.original.status]}>
          {row.original.status[0]!.toUpperCase() + row.original.status.slice(1)}
        </Badge>
      ),
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
  const retryColumn = col.display({
    header: 'Actions',
    id: 'actions',
    cell: ({ row }) => (
      <Button
        variant="secondary"
        disabled={!webhook.enabled || retry.isPending}
        title={webhook.enabled ? undefined : 'Enable the endpoint first'}
        aria-label={`Retry ${row.original.event_type} ${row.original.event_id}`}
        onClick={() =>
          retry.mutate(
            { id: webhook.token, deliveryId: row.original.token },
            {
              onSuccess: () => toast('success', 'Delivery queued: it is sent again now'),
              onError: (e) => toast('error', e.message),
            },
          )
        }
      >
        Retry
      </Button>
    ),
  });

  return (
    <section aria-labelledby="deliveries-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="deliveries-title" className="text-lg font-semibold">
          Deliveries
        </h2>
        <SelectField
          label="Delivery status"
          id="delivery-status"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">All</option>
          <option value="pending">Pending</option>
          <option value="succeeded">Succeeded</option>
          <option value="failed">Failed</option>
        </SelectField>
        <ExportLink
          path={`/webhook/${encodeURIComponent(webhook.token)}/deliveries/export`}
          filters={{ status, ...order.query }}
          partnerId={partnerId}
          className="ml-auto self-center"
        >
          Export {status ? `${status} deliveries` : 'all deliveries'} as CSV
        </ExportLink>
      </div>
      <DataTable
        caption="Deliveries"
        columns={canRetry ? [...columns, retryColumn] : columns}
        data={query.data?.deliveries ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        order={order}
        isLoading={query.isLoading}
        empty={
          status
            ? `No ${status} deliveries.`
            : canRetry
              ? 'No deliveries yet. Send a test event to see one here.'
              : 'No deliveries yet.'
        }
      />
    </section>
  );
}
