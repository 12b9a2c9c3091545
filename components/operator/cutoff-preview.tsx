'use client';

import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { formatMoney } from '@/lib/client/format';
import { cutoffPreviewQuery, type CutoffPreview } from '@/lib/client/queries/settlements';
import { formatCount } from '@/lib/client/format';

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What a cut-off now would batch, per currency, as a table (`GET /operator/settlements/preview`). */
export function CutoffPreviewTable({ preview }: { preview: CutoffPreview }) {
  if (preview.currencies.length === 0)
    return (
      <p data-testid="cutoff-preview-empty">
        No cleared transaction is waiting: a cut-off now would make no batch.
      </p>
    );
  return (
    // Amounts carry their currency, as everywhere, so a batch's row needs no column naming it and
    // fits the dialog whole (on a phone the participants give way too); the table scrolls (by
    // keyboard too) past that.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="What a cut-off now would batch">
      <table className="w-full text-left text-sm tabular-nums" data-testid="cutoff-preview">
        <caption className="sr-only">What a cut-off now would batch, per currency</caption>
        <thead className="text-xs text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Transactions
            </th>
            {/* The least needed figure gives way on a phone, so the amounts fit beside the counts. */}
            <th scope="col" className="hidden py-1 pr-2 text-right font-medium sm:table-cell">
              Participants
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Gross
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.currencies.map((c) => (
            <tr key={c.currency} className="border-t border-slate-200 dark:border-slate-700">
              <td className="py-1 pr-2 text-right">{formatCount(c.transactions)}</td>
              <td className="hidden py-1 pr-2 text-right sm:table-cell">{formatCount(c.participants)}</td>
              <td className="whitespace-nowrap py-1 pr-2 text-right">{formatMoney(c.gross, c.currency)}</td>
              <td className="whitespace-nowrap py-1 text-right">{formatMoney(c.net, c.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The question before a network-wide cut-off: what it would batch (read when the dialog opens),
 * and an explicit confirmation. Net is what moves between the participants once their payments to
 * each other are set off; their balances move by it and a completed batch cannot be undone.
 */
export function CutoffConfirmDialog({
  open,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const preview = useQuery(cutoffPreviewQuery(open));
  const p = preview.data;
  const label = busy
    ? 'Running cut-off…'
    : p && p.transactions > 0
      ? `Settle ${plural(p.transactions, 'transaction')}`
      : 'Run cut-off';
  return (
    <ConfirmDialog
      open={open}
      title="Run a cut-off now?"
      confirmLabel={label}
      tone="primary"
      busy={busy || preview.isFetching}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div className="flex flex-col gap-3">
        <p>
          It settles every cleared transaction of the network up to this moment, one batch per currency: each
          participant&apos;s balance moves by its net, and a completed batch cannot be undone.
        </p>
        {preview.isError ? (
          <FormAlert message={(preview.error as Error).message} />
        ) : p ? (
          <>
            <CutoffPreviewTable preview={p} />
            {p.transactions > 0 ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {plural(p.currencies.length, 'batch', 'batches')}; what clears before you confirm is taken
                too.
              </p>
            ) : null}
          </>
        ) : (
          <p aria-busy="true">Reading what is waiting…</p>
        )}
      </div>
    </ConfirmDialog>
  );
}
