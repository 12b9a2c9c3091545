import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { formatLocal, formatMoney } from '@/lib/client/format';
import type { BatchTransaction } from '@/lib/client/queries/settlements';
import { LINK } from '@/components/ui/styles';
import { sideOf } from './side';

const col = columnHelper<BatchTransaction>();

/** A batch's transactions seen from one namespace: direction, counterparty (by domain where known), amount. */
export function transactionColumns(partnerId: string, domains: Map<string, string>) {
  return col.columns([
    col.display({
      header: 'Transaction',
      id: 'id',
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.transaction_id}</span>,
    }),
    col.display({
      header: 'Payment',
      id: 'payment',
      cell: ({ row }) => (
        <CellLink className={LINK} href={`/payments/${encodeURIComponent(row.original.payment_id)}`}>
          {row.original.payment_id}
        </CellLink>
      ),
    }),
    col.display({
      header: 'Direction',
      id: 'direction',
      cell: ({ row }) => sideOf(row.original, partnerId).direction,
    }),
    col.display({
      header: 'Counterparty',
      id: 'counterparty',
      cell: ({ row }) => {
        const id = sideOf(row.original, partnerId).counterparty;
        return (
          <>
            {domains.has(id) ? <span className="block">{domains.get(id)}</span> : null}
            <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{id}</span>
          </>
        );
      },
    }),
    col.display({
      header: 'Amount',
      id: 'amount',
      cell: ({ row }) => {
        const { amount } = sideOf(row.original, partnerId);
        return (
          <span className="whitespace-nowrap tabular-nums">{formatMoney(amount.total, amount.currency)}</span>
        );
      },
    }),
    col.display({
      header: 'Cleared',
      id: 'created',
      cell: ({ row }) => formatLocal(new Date(row.original.created_on)),
    }),
  ]);
}
