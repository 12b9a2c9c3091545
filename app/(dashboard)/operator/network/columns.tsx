import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { BatchStatusBadge, ShortHash } from '@/components/settlements/batch-status';
import { when } from '@/lib/client/format';
import type { NetworkBatch } from '@/lib/client/queries/settlements';
import { LINK } from '@/components/ui/styles';
import { formatCount } from '@/lib/client/format';

const col = columnHelper<NetworkBatch>();

/** The network's latest batches: each with its status, totals and root hash. */
export const networkBatchColumns = col.columns([
  col.display({
    header: 'Batch',
    id: 'batch',
    cell: ({ row }) => (
      <CellLink
        href={`/operator/network/batches/${encodeURIComponent(row.original.token)}`}
        className={`font-mono text-xs ${LINK}`}
      >
        {row.original.token}
      </CellLink>
    ),
  }),
  col.display({
    header: 'Cut-off',
    id: 'cutoff',
    cell: ({ row }) => when(row.original.cutoff_time),
  }),
  col.display({
    header: 'Status',
    id: 'status',
    cell: ({ row }) => (
      <div className="flex flex-col gap-1">
        <BatchStatusBadge status={row.original.status} />
        {row.original.failure_reason ? (
          <span className="text-xs text-red-800 dark:text-red-300">{row.original.failure_reason}</span>
        ) : null}
      </div>
    ),
  }),
  col.accessor('currency', { header: 'Currency' }),
  col.display({
    header: 'Transactions',
    id: 'txns',
    cell: ({ row }) => formatCount(row.original.txn_count),
  }),
  col.display({
    header: 'Leaves',
    id: 'leaves',
    cell: ({ row }) => (row.original.leaves_count == null ? '—' : formatCount(row.original.leaves_count)),
  }),
  col.display({
    header: 'Root',
    id: 'root',
    cell: ({ row }) => <ShortHash value={row.original.root_hash} />,
  }),
]);
