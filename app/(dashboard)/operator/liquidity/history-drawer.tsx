'use client';

import { QueryTable, useListQuery } from '@/components/data-table/query-table';
import { ledgerColumns } from '@/components/liquidity/ledger-columns';
import { Drawer } from '@/components/ui/drawer';
import { participantEntriesQuery } from '@/lib/client/queries/liquidity';
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
  const entries = useListQuery(
    (page) => participantEntriesQuery(ns, { partner: partnerId, currency, ...page }),
    {
      rows: (d) => d.entries,
      limit: HISTORY_LIMIT,
      list: 'history',
    },
  );
  return (
    <Drawer
      label={`History of ${name ?? partnerId}`}
      title={`History of ${name ?? partnerId}`}
      subtitle={
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Its settlement ledger{currency ? ` in ${currency}` : ''}, newest first ·{' '}
          <code className="text-xs">{partnerId}</code>
        </p>
      }
      width="wide"
      onClose={onClose}
    >
      {now ? (
        <p className="text-sm" data-testid="history-figures">
          Now in {now.currency}: balance {formatMoney(now.balance, now.currency)} · cap {capText(now)} ·
          position {positionText(now)} · headroom{' '}
          {now.headroom === null ? 'no limit' : formatMoney(now.headroom, now.currency)}
        </p>
      ) : null}
      <QueryTable
        list={entries}
        caption={`Settlement ledger of ${name ?? partnerId}`}
        columns={ledgerColumns((id) => `/operator/network/batches/${encodeURIComponent(id)}`)}
        empty="No entries yet."
      />
    </Drawer>
  );
}
