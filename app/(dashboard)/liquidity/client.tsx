'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '@/components/screen/screen-props';
import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/link';
import { useEffect, useRef } from 'react';
import { ChartSkeleton } from '@/components/charts/chart-frame';
import { QueryTable, useListQuery } from '@/components/data-table/query-table';
import { ledgerColumns } from '@/components/liquidity/ledger-columns';
import { PositionCard } from '@/components/liquidity/position-card';
import { useNow } from '@/components/liquidity/use-now';
import { FormAlert } from '@/components/ui/form-alert';
import { PageTitle } from '@/components/ui/page-title';
import { Section } from '@/components/ui/section';
import { SelectField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { CARD, LINK } from '@/components/ui/styles';
import {
  entriesQuery,
  intradayQuery,
  liquidityKeys,
  livePositionsQuery,
  queueQuery,
  type LiquidityPosition,
} from '@/lib/client/queries/liquidity';
import { useCounterpartyDomains } from '@/lib/client/queries/links';
import { namespaceQueries } from '@/lib/client/queries/namespaces';
import { useUrlFilters, useUrlState } from '@/lib/client/use-url-state';
import { currencyCode, urlFilters, type FilterComponent } from '@/lib/client/url-filters';
import { can } from '@/lib/domain/permissions';
import { FilterBar } from '@/components/ui/filter-bar';
import { queueColumns } from './columns';
import { useNamespace } from '@/lib/client/namespace';
import { formatCount } from '@/lib/client/format';

/**
 * The screen's place in the URL: the ledger's filter under the API's own name (`currency`), the
 * ledger's cursor (`cursor`) and the queue's (`queue.cursor`), and the currency the chart shows
 * (`chart`; the first of the namespace's when absent).
 */
const LEDGER_LIMIT = 20;
const QUEUE_LIMIT = 10;

/** The currency of the chart: the URL's when the namespace has it, else its first. */
function chartCurrency(params: URLSearchParams, currencies: string[]): string {
  const wanted = params.get('chart') ?? '';
  return currencies.includes(wanted) ? wanted : (currencies[0] ?? '');
}

/** The ledger's currency: one of the namespace's (its positions), or the one the URL names. */
const LedgerCurrency: FilterComponent = ({ id, label, value, onValue }) => {
  const positions = useQuery(livePositionsQuery(useNamespace()));
  const currencies = (positions.data?.positions ?? []).map((p) => p.currency);
  return (
    <SelectField label={label} id={id} value={value} onChange={(e) => onValue(e.target.value)}>
      <option value="">All</option>
      {[...new Set([...currencies, ...(value ? [value] : [])])].map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
};

/** The ledger's filters, as `GET /liquidity/entries` and its export take them. */
const LEDGER_FILTERS = urlFilters({
  currency: { kind: currencyCode(), label: 'Currency', id: 'ledger-currency', component: LedgerCurrency },
});

// Recharts is most of this page's JavaScript: left out of the first load, requested as soon as
// this module runs in the browser, alongside hydration.
const loadChart = () => import('@/components/charts/intraday-position-chart');
if (typeof window !== 'undefined') void loadChart();
const IntradayPositionChart = dynamic(loadChart, {
  ssr: false,
  loading: () => <ChartSkeleton title="Position over the last 24 hours" />,
});

/** What the namespace does with a payment past its cap, and where admins change it. */
function OnCapNote({ partnerId, canManage }: { partnerId: string; canManage: boolean }) {
  const namespace = useQuery(namespaceQueries.detail(useNamespace(), partnerId));
  const onCap = namespace.data?.on_cap;
  if (!onCap) return null;
  return (
    <p className="text-sm" data-testid="on-cap-note">
      When a payment does not fit under the cap, this namespace{' '}
      <strong>{onCap === 'queue' ? 'queues it until headroom returns' : 'rejects it'}</strong>.{' '}
      {canManage ? (
        <Link className={LINK} href={`/namespaces?settings=${encodeURIComponent(partnerId)}`}>
          Change it in the namespace&apos;s settings
        </Link>
      ) : (
        "Your organization's admins change it in the namespace's settings."
      )}
    </p>
  );
}

function Chart({ partnerId, currency }: { partnerId: string; currency: string }) {
  const intraday = useQuery(intradayQuery(partnerId, currency));
  if (intraday.isError) return <FormAlert message={(intraday.error as Error).message} />;
  if (!intraday.data) return <ChartSkeleton title="Position over the last 24 hours" />;
  return <IntradayPositionChart intraday={intraday.data} />;
}

/**
 * Reads the screen's other parts again when a position moves: the ledger changes only with a
 * balance, the chart's last step with the position, the queue with what waits. The positions are
 * read every 5 s; the others follow them instead of polling on their own.
 */
function useFollowPositions(partnerId: string, positions: LiquidityPosition[] | undefined) {
  const qc = useQueryClient();
  const figures = positions
    ?.map((p) => `${p.currency}:${p.balance}:${p.position}:${p.queued_count}`)
    .join('|');
  const seen = useRef(figures);
  useEffect(() => {
    if (seen.current !== undefined && figures !== seen.current)
      void qc.invalidateQueries({
        queryKey: liquidityKeys.namespace(partnerId),
        // Every read of the namespace's liquidity (`{ of }` in its key, keys.ts) but the positions.
        predicate: (q) => (q.queryKey[2] as { of?: string } | undefined)?.of !== 'positions',
      });
    seen.current = figures;
  }, [figures, partnerId, qc]);
}

/**
 * The selected namespace's liquidity (DESIGN §11): per currency its balance, cap, position,
 * headroom and queue; the position over the day; the payments waiting for headroom; the ledger.
 */
export function LiquidityClient(props: ScreenProps) {
  // The page answers "No namespace yet" when there is none.
  const partnerId = props.partnerId!;
  const canManage = can(props.role, 'namespaces.manage');
  const { params, set } = useUrlState();
  const now = useNow();
  const domains = useCounterpartyDomains();
  const positions = useQuery(livePositionsQuery(partnerId));
  useFollowPositions(partnerId, positions.data?.positions);
  const currencies = (positions.data?.positions ?? []).map((p) => p.currency);
  const chart = chartCurrency(params, currencies);
  const ledger = useUrlFilters(LEDGER_FILTERS);
  const filters = ledger.filters;
  const entries = useListQuery((page) => entriesQuery(partnerId, { ...ledger.gateway, ...page }), {
    rows: (d) => d.entries,
    limit: LEDGER_LIMIT,
  });
  const queue = useListQuery((page) => queueQuery(partnerId, page), {
    rows: (d) => d.queue,
    limit: QUEUE_LIMIT,
    list: 'queue',
  });
  const queued = queue.query.data?.count;

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description="What this namespace placed with the settlement agent, the net debit cap the network operator set, and the position its admitted payments ran up since the last cut-off.">
        Liquidity
      </PageTitle>
      <OnCapNote partnerId={partnerId} canManage={canManage} />
      <FormAlert message={positions.isError ? (positions.error as Error).message : null} />
      {positions.isLoading ? (
        <div role="status" aria-label="Loading positions">
          <Skeleton className="h-40" />
        </div>
      ) : currencies.length === 0 ? (
        <p className={`${CARD} text-sm text-slate-600 dark:text-slate-400`}>
          No settlement balance or cap yet. A currency appears here when the network operator records funds
          for this namespace or sets its cap, or when one of its payments is admitted.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {positions.data!.positions.map((p) => (
            <PositionCard key={p.currency} p={p} />
          ))}
        </div>
      )}
      {chart ? (
        <div className="flex flex-col gap-2">
          {currencies.length > 1 ? (
            <div className="w-48">
              <SelectField
                label="Chart currency"
                id="chart-currency"
                value={chart}
                onChange={(e) => set({ chart: e.target.value }, 'replace', { keepPlace: true })}
              >
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
          <Chart partnerId={partnerId} currency={chart} />
        </div>
      ) : null}
      <Section
        id="queue-heading"
        title={`Liquidity queue${queued === undefined ? '' : ` (${formatCount(queued)})`}`}
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Payments whose every task completed but that do not fit under the cap yet, oldest first. The network
          admits them as headroom returns — at a cut-off, with funds in, a higher cap or an incoming payment —
          or they expire with their payment.
        </p>
        <QueryTable
          list={queue}
          caption="Liquidity queue"
          columns={queueColumns(now, domains)}
          empty="No payment is waiting for headroom."
        />
      </Section>
      <Section id="ledger-heading" title="Settlement ledger">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Funds placed and paid out, and each cut-off&apos;s net, newest first, with the balance after each.
          The ledger is append-only.
        </p>
        <FilterBar
          label="Filter the ledger"
          list={ledger}
          exportTo={{
            path: '/liquidity/entries/export',
            noun: 'entries',
            text: `Export ${filters.currency ? `the ${filters.currency} entries` : 'the ledger'} as CSV`,
            partnerId,
          }}
        />
        <QueryTable
          list={entries}
          caption="Settlement ledger"
          columns={ledgerColumns((id) => `/settlements/${encodeURIComponent(id)}`)}
          empty={filters.currency ? `No ${filters.currency} entries yet.` : 'No entries yet.'}
        />
      </Section>
    </div>
  );
}
