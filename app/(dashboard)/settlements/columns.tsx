import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { timeCell } from '@/components/data-table/cells';
import { sortableHeader } from '@/components/data-table/sort-header';
import { BatchStatusBadge } from '@/components/settlements/batch-status';
import { when } from '@/lib/client/format';
import type { BatchSummary } from '@/lib/client/queries/settlements';
import type { ListOrder } from '@/lib/client/use-list-order';
import { LINK } from '@/components/ui/styles';
import { formatCount } from '@/lib/client/format';

const col = columnHelper<BatchSummary>();

/** The batches' columns; the cut-off's header sorts the list (`order`). */
export const batchColumns = (order: ListOrder) =>
  col.columns([
    col.display({
      header: 'Batch',
      id: 'batch',
      cell: ({ row }) => (
        <CellLink
          className={`font-mono ${LINK}`}
          href={`/settlements/${encodeURIComponent(row.original.token)}`}
        >
          {row.original.token}
        </CellLink>
      ),
    }),
    col.display({
      header: sortableHeader(order, 'cutoff', 'Cut-off'),
      id: 'cutoff',
      cell: ({ row }) => timeCell(row.original.cutoff_time),
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => <BatchStatusBadge status={row.original.status} />,
    }),
    col.accessor('currency', { header: 'Currency' }),
    col.display({
      header: 'Your transactions',
      id: 'txns',
      cell: ({ row }) => formatCount(row.original.txn_count),
    }),
    col.display({
      header: 'Completed',
      id: 'completed',
      cell: ({ row }) => (row.original.completed_on ? when(row.original.completed_on) : '—'),
    }),
  ]);
