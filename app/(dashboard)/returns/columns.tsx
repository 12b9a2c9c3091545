import { CellLink } from '@/components/data-table/cell-link';
import { moneyCell, paymentCell, rightHeader } from '@/components/data-table/cells';
import { columnHelper } from '@/components/data-table/columns';
import { ReturnStatusBadge } from '@/components/returns/status-badge';
import { LocalTime } from '@/components/ui/local-time';
import { LINK } from '@/components/ui/styles';
import type { Return } from '@/lib/client/queries/returns';
import { refusalText } from '@/lib/client/returns';

const col = columnHelper<Return>();
const MUTED = 'block text-xs text-slate-600 dark:text-slate-400';
// A time wraps after its date: the table fits beside the sidebar without scrolling.
const DATE = 'block min-w-28';

/** Who started it, seen from this namespace: a request is asked by the payer, an initiative given by the payee. */
function origin(r: Return): string {
  if (r.direction === 'incoming') return r.kind === 'request' ? 'we asked' : 'they gave it back';
  return r.kind === 'request' ? 'they asked' : 'we gave it back';
}

/**
 * The returns list's columns: when it was made, the original payment (its page shows the return
 * in its timeline) and the return payment, which way the money goes, how much, why, where it
 * stands and when it was decided.
 */
export const returnColumns = col.columns([
  col.display({
    header: 'When',
    id: 'created',
    cell: ({ row }) => (
      <span className={DATE}>
        <LocalTime seconds={row.original.created_at} />
      </span>
    ),
  }),
  col.display({
    header: 'Payment',
    id: 'payment',
    cell: ({ row }) => (
      <span className="block">
        {paymentCell(row.original.payment_id)}
        {/* The return is itself a payment: its page holds its submission, task and transaction. Its
            id is long: named on hover, the table still fits beside the sidebar. */}
        <CellLink
          className={`block text-xs whitespace-nowrap ${LINK}`}
          href={`/payments/${encodeURIComponent(row.original.token)}`}
          title={row.original.token}
        >
          return payment
        </CellLink>
      </span>
    ),
  }),
  col.display({
    header: 'Direction',
    id: 'direction',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.direction === 'incoming' ? 'Incoming' : 'Outgoing'}
        <span className={MUTED}>{origin(row.original)}</span>
      </span>
    ),
  }),
  col.display({
    header: rightHeader('Amount'),
    id: 'amount',
    cell: ({ row }) => moneyCell(row.original.amount.total, row.original.amount.currency),
  }),
  col.display({
    header: 'Reason',
    id: 'reason',
    cell: ({ row }) => (
      <span className="block max-w-64">
        {row.original.reason_text}
        {row.original.note ? (
          <span
            className={`${MUTED} truncate max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]`}
            title={row.original.note}
          >
            {row.original.note}
          </span>
        ) : null}
      </span>
    ),
  }),
  col.display({
    header: 'Status',
    id: 'status',
    cell: ({ row }) => (
      <span>
        <ReturnStatusBadge status={row.original.status} />
        {row.original.status === 'refused' ? (
          <span className={MUTED}>{refusalText(row.original)}</span>
        ) : null}
      </span>
    ),
  }),
  col.display({
    header: 'Decided',
    id: 'decided',
    cell: ({ row }) =>
      row.original.decided_at ? (
        <span className={DATE}>
          <LocalTime seconds={row.original.decided_at} />
        </span>
      ) : (
        <span className="text-slate-600 dark:text-slate-400">Not yet</span>
      ),
  }),
]);
