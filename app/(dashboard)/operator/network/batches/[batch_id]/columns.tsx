import { columnHelper } from '@/components/data-table/columns';
import { formatMoney } from '@/lib/client/format';
import type { NetworkParticipant } from '@/lib/client/queries/settlements';
import { formatCount } from '@/lib/client/format';

const col = columnHelper<NetworkParticipant>();

/** A batch's participants: who, which way, how much (in `currency`, once the batch is read), its leaf. */
export function participantColumns(currency: string | undefined) {
  return col.columns([
    col.display({
      header: 'Participant',
      id: 'participant',
      cell: ({ row }) => (
        <>
          <span className="block">{row.original.domain ?? row.original.name ?? '—'}</span>
          <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">
            {row.original.partner_id}
          </span>
        </>
      ),
    }),
    col.display({
      header: 'Net position',
      id: 'kind',
      cell: ({ row }) => (row.original.kind === 'creditor' ? 'Net credit' : 'Net debit'),
    }),
    col.display({
      header: () => <span className="block text-right">Net amount</span>,
      id: 'amount',
      cell: ({ row }) => (
        <span className="block text-right tabular-nums">
          {currency ? formatMoney(row.original.amount, currency) : row.original.amount}
        </span>
      ),
    }),
    col.display({
      header: () => <span className="block text-right">Transactions</span>,
      id: 'txns',
      cell: ({ row }) => (
        <span className="block text-right tabular-nums">{formatCount(row.original.txn_count)}</span>
      ),
    }),
    col.display({
      header: () => <span className="block text-right">Leaf</span>,
      id: 'leaf',
      cell: ({ row }) => <span className="block text-right tabular-nums">{row.original.leaf_index}</span>,
    }),
  ]);
}
