'use client';

import { Link } from '@/components/ui/link';
import { lazy, Suspense, useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { LINK } from '@/components/ui/styles';
import { networkLiquidityQuery, type NetworkLiquidityPosition } from '@/lib/client/queries/liquidity';
import { currencyCode, currencyTyped, urlFilters } from '@/lib/client/url-filters';
import { deskColumns } from './columns';
import { HistoryDrawer } from './history-drawer';

// Opened by a row's button: loaded then (the desk's first load stays light).
const SetCapDialog = lazy(() => import('./set-cap-dialog'));
const FundsDialog = lazy(() => import('./funds-dialog'));

type Change = { kind: 'cap' | 'funds'; partnerId: string; currency: string };

const sameRow = (r: NetworkLiquidityPosition, c: Change) =>
  r.partner_id === c.partnerId && r.currency === c.currency;

/** The participant whose ledger is open beside the desk (`history`), with its own page. */
const HISTORY_CLOSED = { history: undefined, 'history.cursor': undefined, 'history.at': undefined };

/**
 * The operator's liquidity desk: every participant and currency, highest utilisation first, each
 * with its bar; per row the cap, funds in and out, and the participant's ledger (`?history=`).
 */
export const LiquidityDeskScreen = defineListScreen({
  title: 'Liquidity desk',
  description: (
    <>
      Every participant&apos;s settlement balance, net debit cap and position, highest utilisation first.
      Payments past a cap are rejected or wait in the participant&apos;s queue, as its namespace says.{' '}
      <Link href="/operator/network" className={LINK}>
        Network health
      </Link>
    </>
  ),
  filters: urlFilters({
    currency: {
      kind: currencyCode(),
      label: 'Currency',
      id: 'desk-currency',
      input: { placeholder: 'USD', maxLength: 3, autoCapitalize: 'characters', className: 'w-28' },
      normalize: currencyTyped,
    },
  }),
  filterBar: { label: 'Filter the desk' },
  query: networkLiquidityQuery,
  rows: (d) => d.positions,
  caption: 'Participants by utilisation',
  limit: 20,
  empty: ({ filters }) =>
    filters.active
      ? `No participant holds ${filters.filters.currency}.`
      : 'No participant has a balance, a cap or a position yet.',
  useControls: () => useState<(Change & { row: NetworkLiquidityPosition }) | null>(null),
  columns: ({ url, controls: [, setChange] }) => {
    const open = (kind: Change['kind']) => (row: NetworkLiquidityPosition) =>
      setChange({ kind, partnerId: row.partner_id, currency: row.currency, row });
    return deskColumns({
      setCap: open('cap'),
      recordFunds: open('funds'),
      // Another participant's history starts at its first page; the desk stays where it is.
      history: (row) => url.set({ ...HISTORY_CLOSED, history: row.partner_id }, 'push', { keepPlace: true }),
    });
  },
  after: ({ query, url, filters, controls: [change, setChange] }) => {
    const rows = query.data?.positions ?? [];
    // The dialog shows the row as the desk last read it (it refreshes every 15 s).
    const changing = change ? (rows.find((r) => sameRow(r, change)) ?? change.row) : null;
    const historyOf = url.params.get('history');
    const historyRow = rows.find((r) => r.partner_id === historyOf) ?? null;
    return (
      <>
        {changing ? (
          <Suspense>
            {change!.kind === 'cap' ? (
              <SetCapDialog
                key={`${changing.partner_id}/${changing.currency}`}
                row={changing}
                onClose={() => setChange(null)}
              />
            ) : (
              <FundsDialog
                key={`${changing.partner_id}/${changing.currency}`}
                row={changing}
                onClose={() => setChange(null)}
              />
            )}
          </Suspense>
        ) : null}
        {historyOf ? (
          <HistoryDrawer
            key={historyOf}
            partnerId={historyOf}
            name={historyRow?.partner_name ?? null}
            now={historyRow}
            currency={filters.filters.currency}
            onClose={() => url.set(HISTORY_CLOSED, 'push', { keepPlace: true })}
          />
        ) : null}
      </>
    );
  },
});
