'use client';

import { useState } from 'react';
import { QueryTable, useListQuery } from '@/components/data-table/query-table';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { downloadCsv, toCsv } from '@/lib/client/csv';
import { formatMoney } from '@/lib/client/format';
import {
  batchTransactionsQuery,
  fetchAllBatchTransactions,
  type BatchDetail,
  type BatchTransaction,
} from '@/lib/client/queries/settlements';
import { useCounterpartyDomains } from '@/lib/client/queries/links';
import { sideOf } from './side';
import { transactionColumns } from './columns';
import { Section } from '@/components/ui/section';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

function transactionsCsv(rows: BatchTransaction[], partnerId: string, batchId: string): string {
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
  const ns = useNamespace();
  const batchId = batch.summary.token;
  const partnerId = batch.merkle_leaf?.partner_id ?? '';
  const transactions = useListQuery((page) => batchTransactionsQuery(ns, { id: batchId, ...page }), {
    limit: LIMIT,
    rows: (d) => d.transactions,
  });
  const domains = useCounterpartyDomains();
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  async function exportCsv() {
    setExportError(null);
    setExporting('Exporting…');
    try {
      const all = await fetchAllBatchTransactions(ns, batchId, (done, total) =>
        setExporting(`Exporting ${done} of ${total}…`),
      );
      downloadCsv(`${batchId}-transactions.csv`, transactionsCsv(all, partnerId, batchId));
    } catch (e) {
      setExportError(`Export failed: ${(e as Error).message}`);
    } finally {
      setExporting(null);
    }
  }

  const columns = transactionColumns(partnerId, domains);

  return (
    <Section
      id="transactions-heading"
      title="Transactions in this batch"
      card
      action={
        <Button
          type="button"
          variant="secondary"
          onClick={exportCsv}
          disabled={Boolean(exporting) || !transactions.query.data?.total}
        >
          {exporting ?? 'Export transactions CSV'}
        </Button>
      }
    >
      <FormAlert message={exportError} />
      <QueryTable
        list={transactions}
        caption="Transactions in this batch"
        columns={columns}
        empty="No transactions of this namespace in the batch."
      />
    </Section>
  );
}
