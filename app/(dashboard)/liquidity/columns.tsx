import { moneyCell, paymentCell, rightHeader } from '@/components/data-table/cells';
import { columnHelper } from '@/components/data-table/columns';
import { spanText } from '@/components/liquidity/wait';
import { formatUtc } from '@/lib/client/format';
import type { QueuedPayment } from '@/lib/client/queries/liquidity';

const col = columnHelper<QueuedPayment>();

/**
 * The liquidity queue's columns: each payment (its page: the queue is the debtor's, and the
 * debtor's namespace is a party to every payment in it), what it waits to pay, how long it has
 * waited and when it expires; `now` in Unix seconds, `domains` the counterparties' by id.
 */
export function queueColumns(now: number, domains: Map<string, string>) {
  return col.columns([
    col.display({
      header: 'Payment',
      id: 'payment',
      cell: ({ row }) => paymentCell(row.original.payment_id),
    }),
    col.display({
      header: rightHeader('Amount'),
      id: 'amount',
      cell: ({ row }) => moneyCell(row.original.amount, row.original.currency),
    }),
    col.display({
      header: 'To',
      id: 'beneficiary',
      cell: ({ row }) => {
        const id = row.original.beneficiary_partner_id;
        const domain = domains.get(id);
        return domain ? <span title={id}>{domain}</span> : <code className="text-xs">{id}</code>;
      },
    }),
    col.display({
      header: 'Waiting',
      id: 'waiting',
      cell: ({ row }) => (
        <span
          className="whitespace-nowrap"
          title={`Queued ${formatUtc(new Date(row.original.queued_at * 1000))}`}
        >
          waiting {spanText(now - row.original.queued_at)}
        </span>
      ),
    }),
    col.display({
      header: 'Expires',
      id: 'expires',
      cell: ({ row }) => {
        const left = row.original.expires_at - now;
        return (
          <span
            className="whitespace-nowrap"
            title={`Expires ${formatUtc(new Date(row.original.expires_at * 1000))}`}
          >
            {left > 0 ? `in ${spanText(left)}` : 'expiring now'}
          </span>
        );
      },
    }),
  ]);
}
