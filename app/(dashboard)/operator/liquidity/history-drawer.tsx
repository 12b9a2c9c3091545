'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { ledgerColumns } from '@/components/liquidity/ledger-columns';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { participantEntriesQuery } from '@/lib/client/queries/liquidity';
import { usePaging } from '@/lib/client/use-url-state';
import { formatMoney } from '@/lib/client/format';
import type { NetworkLiquidityPosition } from '@/lib/client/queries/liquidity';
import { capText, positionText } from '@/components/liquidity/position-card';
import { useNamespace } from '@/lib/client/namespace';

const HISTORY_LIMIT = 20;

/**
 * One participant's settlement ledger (its history: funds in and out, each cut-off's net), in a
 * drawer over the right of the desk; Esc or Close closes it. `name` when the desk's page shows the
 * participant, else its id alone.
 */
export function HistoryDrawer({
  partnerId,
  name,
  now,
  currency,
  onClose,
}: {
  partnerId: string;
  name: string | null;
  /** Its figures as the desk's page shows them, when it does. */
  now: NetworkLiquidityPosition | null;
  /** The desk's currency filter, applied to the history too. */
  currency: string | undefined;
  onClose: () => void;
}) {
  const ns = useNamespace();
  const paging = usePaging('history');
  const entries = useQuery(
    participantEntriesQuery(ns, {
      partner: partnerId,
      currency,
      cursor: paging.cursor,
      limit: HISTORY_LIMIT,
    }),
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <aside
      aria-label={`History of ${name ?? partnerId}`}
      className="fixed inset-y-0 right-0 z-30 flex w-full max-w-4xl flex-col gap-4 overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">History of {name ?? partnerId}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Its settlement ledger{currency ? ` in ${currency}` : ''}, newest first ·{' '}
            <code className="text-xs">{partnerId}</code>
          </p>
        </div>
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {now ? (
        <p className="text-sm" data-testid="history-figures">
          Now in {now.currency}: balance {formatMoney(now.balance, now.currency)} · cap {capText(now)} ·
          position {positionText(now)} · headroom{' '}
          {now.headroom === null ? 'no limit' : formatMoney(now.headroom, now.currency)}
        </p>
      ) : null}
      <FormAlert message={entries.isError ? (entries.error as Error).message : null} />
      <DataTable
        caption={`Settlement ledger of ${name ?? partnerId}`}
        columns={ledgerColumns((id) => `/operator/network/batches/${encodeURIComponent(id)}`)}
        data={entries.data?.entries ?? []}
        list={entries.data}
        limit={HISTORY_LIMIT}
        paging={paging}
        isLoading={entries.isLoading}
        empty="No entries yet."
      />
    </aside>
  );
}
