'use client';

import { SelectField } from '@/components/ui/field';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { ChartSkeleton } from '@/components/charts/chart-frame';
import { GettingStarted } from '@/components/overview/getting-started';
import { KpiCards } from '@/components/overview/kpi-cards';
import { WhenVisible } from '@/components/ui/when-visible';
import { overviewQuery, type Overview } from '@/lib/client/queries/overview';
import { useUrlState } from '@/lib/client/use-url-state';

// Recharts is loaded with the charts only, after the figures: the first paint does not wait for it.
const PaymentVolumeChart = dynamic(() => import('@/components/charts/payment-volume-chart'), {
  ssr: false,
  loading: () => <ChartSkeleton title="Daily payment volume by status" />,
});
const ExceptionsChart = dynamic(() => import('@/components/charts/exceptions-chart'), {
  ssr: false,
  loading: () => <ChartSkeleton title="Exceptions by code and blame" />,
});

import { periodOf, PERIODS } from './overview-period';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { useNamespace } from '@/lib/client/namespace';

export function OverviewClient({
  partnerId,
  orgId,
  domain,
  isSandbox,
  initial,
}: {
  partnerId: string;
  orgId: string;
  domain: string;
  isSandbox: boolean;
  /** The figures read with the page's HTML, for the period they are of. */
  initial: (ServerRead<Overview> & { days: number }) | null;
}) {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const days = periodOf(params.get('days'));
  const query = useQuery({
    ...overviewQuery(partnerId, days),
    initialData: initialFrom(ns, initial, initial?.days === days),
  });
  const o = query.data;

  return (
    <div className="flex flex-col gap-6">
      <SelectField
        label="Period"
        id="overview-period"
        className="w-fit"
        value={days}
        onChange={(e) => set({ days: e.target.value === '14' ? undefined : e.target.value })}
      >
        {PERIODS.map((d) => (
          <option key={d} value={d}>
            Last {d} days
          </option>
        ))}
      </SelectField>
      {query.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          The figures could not be loaded: {query.error.message}
        </p>
      ) : null}
      {isSandbox && o ? (
        <GettingStarted status={o.getting_started} orgId={orgId} partnerId={partnerId} domain={domain} />
      ) : null}
      {o ? (
        <KpiCards overview={o} />
      ) : (
        <div
          role="status"
          aria-busy="true"
          aria-label="Key figures: loading"
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
        >
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="h-28 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
          ))}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {/* Charts render when they come into view (below the figures on a phone). */}
        <WhenVisible fallback={<ChartSkeleton title="Daily payment volume by status" />}>
          {o ? <PaymentVolumeChart overview={o} /> : <ChartSkeleton title="Daily payment volume by status" />}
        </WhenVisible>
        <WhenVisible fallback={<ChartSkeleton title="Exceptions by code and blame" />}>
          {o ? <ExceptionsChart overview={o} /> : <ChartSkeleton title="Exceptions by code and blame" />}
        </WhenVisible>
      </div>
    </div>
  );
}
