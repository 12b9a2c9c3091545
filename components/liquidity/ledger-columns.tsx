import { CellLink } from '@/components/data-table/cell-link';
import { moneyCell, rightHeader } from '@/components/data-table/cells';
import { columnHelper } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { LocalTime } from '@/components/ui/local-time';
import { LINK } from '@/components/ui/styles';
import type { LiquidityEntry } from '@/lib/client/queries/liquidity';

const col = columnHelper<LiquidityEntry>();

const KINDS: Record<LiquidityEntry['kind'], { label: string; tone: 'green' | 'amber' | 'slate' }> = {
  funds_in: { label: 'Funds in', tone: 'green' },
  funds_out: { label: 'Funds out', tone: 'amber' },
  settlement: { label: 'Settlement', tone: 'slate' },
};

/**
 * A settlement ledger's columns (the participant's own, and one participant's history on the
 * operator's desk). `batchHref` links a settlement entry to its batch where the reader may open it.
 */
export function ledgerColumns(batchHref: ((batchId: string) => string) | null) {
  return col.columns([
    col.display({
      header: 'When',
      id: 'when',
      cell: ({ row }) => (
        <span className="block min-w-36">
          <LocalTime seconds={row.original.created_at} />
        </span>
      ),
    }),
    col.display({
      header: 'Entry',
      id: 'kind',
      cell: ({ row }) => <Badge tone={KINDS[row.original.kind].tone}>{KINDS[row.original.kind].label}</Badge>,
    }),
    col.display({
      header: rightHeader('Amount'),
      id: 'amount',
      cell: ({ row }) => moneyCell(row.original.amount, row.original.currency),
    }),
    col.display({
      header: rightHeader('Balance after'),
      id: 'balance',
      cell: ({ row }) => moneyCell(row.original.balance_after, row.original.currency),
    }),
    // The agent's reference (or the batch) above the note and who recorded it: one column, so the
    // ledger fits beside the sidebar without scrolling sideways.
    col.display({
      header: 'Reference and note',
      id: 'reference',
      cell: ({ row: { original: e } }) => (
        <div className="max-w-xs min-w-48">
          {e.batch_id ? (
            batchHref ? (
              <CellLink className={`font-mono text-xs ${LINK}`} href={batchHref(e.batch_id)}>
                {e.batch_id}
              </CellLink>
            ) : (
              <code className="text-xs">{e.batch_id}</code>
            )
          ) : (
            <span className="break-words">{e.reference ?? '—'}</span>
          )}
          {e.note || e.created_by ? (
            <p className="text-xs break-words text-slate-600 dark:text-slate-400">
              {e.note}
              {e.created_by ? `${e.note ? ' · ' : ''}by ${e.created_by}` : ''}
            </p>
          ) : null}
        </div>
      ),
    }),
  ]);
}
