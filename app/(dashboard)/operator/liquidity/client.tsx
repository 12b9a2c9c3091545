'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { lazy, Suspense, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { FilterBar } from '@/components/ui/filter-bar';
import { FilterField } from '@/components/ui/filter-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PageTitle } from '@/components/ui/page-title';
import { LINK } from '@/components/ui/styles';
import { networkLiquidityQuery, type NetworkLiquidityPosition } from '@/lib/client/queries/liquidity';
import { usePaging, useUrlFilters, useUrlState } from '@/lib/client/use-url-state';
import { deskColumns } from './columns';
import { HistoryDrawer } from './history-drawer';
import { DESK_FILTERS, DESK_LIMIT } from './search-params';
import { useNamespace } from '@/lib/client/namespace';

// Opened by a row's button: loaded then (the desk's first load stays light).
const SetCapDialog = lazy(() => import('./set-cap-dialog'));
const FundsDialog = lazy(() => import('./funds-dialog'));

type Change = { kind: 'cap' | 'funds'; partnerId: string; currency: string };

const sameRow = (r: NetworkLiquidityPosition, c: Change) =>
  r.partner_id === c.partnerId && r.currency === c.currency;

/**
 * The operator's liquidity desk: every participant and currency, highest utilisation first, each
 * with its bar; per row the cap, funds in and out, and the participant's ledger.
 */
export function LiquidityDeskClient() {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const paging = usePaging();
  const desk = useUrlFilters(DESK_FILTERS);
  const { filters } = desk;
  const query = useQuery(
    networkLiquidityQuery(ns, { ...desk.gateway, cursor: paging.cursor, limit: DESK_LIMIT }),
  );
  const rows = query.data?.positions ?? [];
  const [change, setChange] = useState<(Change & { row: NetworkLiquidityPosition }) | null>(null);
  // The dialog shows the row as the desk last read it (it refreshes every 15 s).
  const changing = change ? (rows.find((r) => sameRow(r, change)) ?? change.row) : null;
  const open = (kind: Change['kind']) => (row: NetworkLiquidityPosition) =>
    setChange({ kind, partnerId: row.partner_id, currency: row.currency, row });
  const historyOf = params.get('history');
  const historyRow = rows.find((r) => r.partner_id === historyOf) ?? null;

  const columns = deskColumns({
    setCap: open('cap'),
    recordFunds: open('funds'),
    // Another participant's history starts at its first page; the desk stays where it is.
    history: (row) =>
      set({ history: row.partner_id, 'history.cursor': undefined, 'history.at': undefined }, 'push', {
        keepPlace: true,
      }),
  });

  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          <>
            Every participant&apos;s settlement balance, net debit cap and position, highest utilisation
            first. Payments past a cap are rejected or wait in the participant&apos;s queue, as its namespace
            says.{' '}
            <Link href="/operator/network" className={LINK}>
              Network health
            </Link>
          </>
        }
      >
        Liquidity desk
      </PageTitle>
      <FilterBar label="Filter the desk" list={desk}>
        <FilterField
          label="Currency"
          id="desk-currency"
          placeholder="USD"
          maxLength={3}
          autoCapitalize="characters"
          className="w-28"
          value={filters.currency ?? ''}
          onValue={(v) => desk.set({ currency: v })}
          normalize={(typed) => {
            const v = typed.trim().toUpperCase();
            return v === '' || /^[A-Z]{3}$/.test(v) ? v : null;
          }}
        />
      </FilterBar>
      <FormAlert message={query.isError ? (query.error as Error).message : null} />
      <DataTable
        caption="Participants by utilisation"
        columns={columns}
        data={rows}
        list={query.data}
        limit={DESK_LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={
          desk.active
            ? `No participant holds ${filters.currency}.`
            : 'No participant has a balance, a cap or a position yet.'
        }
      />
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
          currency={filters.currency}
          onClose={() =>
            set({ history: undefined, 'history.cursor': undefined, 'history.at': undefined }, 'push', {
              keepPlace: true,
            })
          }
        />
      ) : null}
    </div>
  );
}
