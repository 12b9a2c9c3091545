'use client';

import { QueryTable, useListQuery } from '@/components/data-table/query-table';
import { FilterBar } from '@/components/ui/filter-bar';
import { oneOf, urlFilters } from '@/lib/client/url-filters';
import { useToast } from '@/components/ui/toast';
import { deliveriesQuery, useRetryDelivery, type Webhook } from '@/lib/client/queries/webhooks';
import { useUrlFilters } from '@/lib/client/use-url-state';
import { useListOrder } from '@/lib/client/use-list-order';
import { deliveryColumns } from './columns';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

/** The deliveries' filter, under the API's own name (`status`). */
const STATUSES = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;
const DELIVERY_FILTERS = urlFilters({
  status: {
    kind: oneOf(STATUSES),
    label: 'Delivery status',
    id: 'delivery-status',
    options: STATUSES,
    any: 'All',
  },
});

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
  const ns = useNamespace();
  const list = useUrlFilters(DELIVERY_FILTERS);
  const status = list.filters.status;
  const order = useListOrder('when', 'desc', { desc: 'Newest first', asc: 'Oldest first' }, 'deliveries');
  const toast = useToast();
  const deliveries = useListQuery(
    (page) => deliveriesQuery(ns, { id: webhook.token, ...list.gateway, ...page, ...order.query }),
    { limit: LIMIT, list: 'deliveries', rows: (d) => d.deliveries },
  );
  const retry = useRetryDelivery();

  const columns = deliveryColumns({
    webhook,
    order,
    retry: canRetry
      ? {
          busy: retry.isPending,
          send: (d) =>
            retry.mutate(
              { id: webhook.token, deliveryId: d.token },
              {
                onSuccess: () => toast('success', 'Delivery queued: it is sent again now'),
                onError: (e) => toast('error', e.message),
              },
            ),
        }
      : null,
  });

  return (
    <section aria-labelledby="deliveries-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="deliveries-title" className="text-lg font-semibold">
          Deliveries
        </h2>
        <FilterBar
          label="Filter the deliveries"
          list={list}
          className="flex flex-1 flex-wrap items-end gap-3"
          exportTo={{
            path: `/webhook/${encodeURIComponent(webhook.token)}/deliveries/export`,
            noun: 'deliveries',
            text: `Export ${status ? `${status} deliveries` : 'all deliveries'} as CSV`,
            partnerId,
            extra: order.query,
          }}
        />
      </div>
      <QueryTable
        list={deliveries}
        caption="Deliveries"
        columns={columns}
        order={order}
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
