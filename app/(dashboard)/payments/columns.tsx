import type { ListOrder } from '@/lib/client/use-list-order';
import type { PaymentRow } from '@/lib/client/queries/payments';
import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { sortableHeader } from '@/components/data-table/sort-header';
import { isoSeconds, LocalTime } from '@/components/ui/local-time';
import { PaymentStatusBadge } from '@/components/payments/status-badge';
import { formatMoney } from '@/lib/client/format';
import { LINK } from '@/components/ui/styles';

const col = columnHelper<PaymentRow>();

/** The payments table's columns; the payment id and Created headers sort the list (`order`). */
export function paymentColumns(order: ListOrder) {
  return col.columns([
    col.accessor('payment_id', {
      header: sortableHeader(order, 'payment_id', 'Payment'),
      cell: ({ row }) => (
        <CellLink
          className={`whitespace-nowrap ${LINK}`}
          href={`/payments/${encodeURIComponent(row.original.payment_id)}`}
        >
          {row.original.payment_id}
        </CellLink>
      ),
    }),
    col.display({
      header: () => <span className="block text-right">Amount</span>,
      id: 'amount',
      cell: ({ row }) => (
        <span className="block text-right whitespace-nowrap tabular-nums">
          {formatMoney(row.original.amount.total, row.original.amount.currency)}
        </span>
      ),
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
        <span className="block max-w-48 truncate" title={row.original.reference}>
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
