import type { ListOrder } from '@/lib/client/use-list-order';
import type { PaymentRow } from '@/lib/client/queries/payments';
import { moneyCell, paymentCell, rightHeader } from '@/components/data-table/cells';
import { columnHelper } from '@/components/data-table/columns';
import { sortableHeader } from '@/components/data-table/sort-header';
import { isoSeconds, LocalTime } from '@/components/ui/local-time';
import { PaymentStatusBadge } from '@/components/payments/status-badge';

const col = columnHelper<PaymentRow>();

/** The payments table's columns; the payment id and Created headers sort the list (`order`). */
export function paymentColumns(order: ListOrder) {
  return col.columns([
    col.accessor('payment_id', {
      header: sortableHeader(order, 'payment_id', 'Payment'),
      cell: ({ row }) => paymentCell(row.original.payment_id),
    }),
    col.display({
      header: rightHeader('Amount'),
      id: 'amount',
      cell: ({ row }) => moneyCell(row.original.amount.total, row.original.amount.currency),
    }),
    col.display({ header: 'From', id: 'from', cell: ({ row }) => row.original.debtor_party.payment_address }),
    col.display({
      header: 'To',
      id: 'to',
      cell: ({ row }) => row.original.beneficiary_party.payment_address,
    }),
    col.display({
      header: 'Reference',
      id: 'reference',
      cell: ({ row }) => (
        <span
          className="block max-w-48 truncate max-sm:max-w-none max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]"
          title={row.original.reference}
        >
          {row.original.reference}
        </span>
      ),
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => <PaymentStatusBadge status={row.original.submission_status} />,
    }),
    col.display({
      header: sortableHeader(order, 'created', 'Created'),
      id: 'created',
      cell: ({ row }) => <LocalTime seconds={isoSeconds(row.original.initiated_at)} />,
    }),
  ]);
}
