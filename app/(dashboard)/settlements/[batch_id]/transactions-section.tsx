'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { downloadCsv, toCsv } from '@/lib/client/csv';
import { formatLocal, formatMoney } from '@/lib/client/format';
import {
  batchTransactionsQuery,
  fetchAllBatchTransactions,
  type BatchDetail,
  type BatchTransaction,
} from '@/lib/client/queries/settlements';
import { usePaging } from '@/lib/client/use-url-state';
import { useCounterpartyDomains } from '@/lib/client/queries/links';
import { CARD, LINK } from '@/components/ui/styles';

const col = columnHelper<BatchTransaction>();

const LIMIT = 20;

/** A transaction seen from one namespace: which way the money went and with whom. */
export function sideOf(t: BatchTransaction, partnerId: string) {
  const mine = t.transaction_lines.filter((l) => l.partner_id === partnerId);
  const other = t.transaction_lines.find((l) => l.partner_id !== partnerId);
  const line = mine[0] ?? t.transaction_lines[0]!;
  // Both lines ours: a payment inside the namespace, not netted.
  const direction = mine.length > 1 ? 'Internal' : line.direction === 'TD_Debit' ? 'Debit' : 'Credit';
  return { direction, counterparty: other?.partner_id ?? partnerId, amount: line.amount };
}

export function transactionsCsv(rows: BatchTransaction[], partnerId: string, batchId: string): string {
  return toCsv(
    [
      'batch_id',
      'transaction_id',
      'payment_id',
      'approval_code',
      'direction',
      'counterparty_id',
      'currency',
      'amount_minor',
      'amount',
      'status',
      'created_on',
      'updated_on',
    ],
    rows.map((t) => {
      const s = sideOf(t, partnerId);
      return [
        batchId,
        t.transaction_id,
        t.payment_id,
        t.approval_code,
        s.direction,
        s.counterparty,
        s.amount.currency,
        s.amount.total,
        formatMoney(s.amount.total, s.amount.currency),
        t.status === 3 ? 'settled' : 'cleared',
        t.created_on,
        t.updated_on,
      ];
    }),
  );
}

export function TransactionsSection({ batch }: { batch: BatchDetail }) {
  const paging = usePaging();
  const batchId = batch.summary.token;
  const partnerId = batch.merkle_leaf?.partner_id ?? '';
  const query = useQuery(batchTransactionsQuery(batchId, paging.cursor, LIMIT));
  const domains = useCounterpartyDomains();
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  async function exportCsv() {
    setExportError(null);
    setExporting('Exporting…');
    try {
      const all = await fetchAllBatchTransactions(batchId, (done, total) =>
        setExporting(`Exporting ${done} of ${total}…`),
      );
      downloadCsv(`${batchId}-transactions.csv`, transactionsCsv(all, partnerId, batchId));
    } catch (e) {
      setExportError(`Export failed: ${(e as Error).message}`);
    } finally {
      setExporting(null);
    }
  }

  const columns = col.columns([
    col.display({
      header: 'Transaction',
      id: 'id',
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.transaction_id}</span>,
    }),
    col.display({
      header: 'Payment',
      id: 'payment',
      cell: ({ row }) => (
        <Link className={LINK} href={`/payments/${encodeURIComponent(row.original.payment_id)}`}>
          {row.original.payment_id}
        </Link>
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

  return (
    <section aria-labelledby="transactions-heading" className={`${CARD} flex flex-col gap-4`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="transactions-heading" className="font-medium">
          Transactions in this batch
        </h2>
        <Button
          type="button"
          variant="secondary"
          onClick={exportCsv}
          disabled={Boolean(exporting) || !query.data?.total}
        >
          {exporting ?? 'Export transactions CSV'}
        </Button>
      </div>
      <FormAlert message={exportError ?? (query.isError ? (query.error as Error).message : null)} />
      <DataTable
        caption="Transactions in this batch"
        columns={columns}
        data={query.data?.transactions ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No transactions of this namespace in the batch."
      />
    </section>
  );
}
