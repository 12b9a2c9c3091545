'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ChartLegend, DEFAULT_LEGEND, MAX_LABELLED } from './net-positions-parts';
import { NetPositionsStrip, STRIP_HEIGHT_PX } from './net-positions-strip';

// Recharts is most of a batch page's JavaScript: the labelled chart (a few counterparties) is
// fetched after the page. The strip of many bars is plain SVG, small enough to come with the page
// and drawn on the server.
const NetPositionsChart = dynamic(() => import('./net-positions-chart').then((m) => m.NetPositionsChart), {
  ssr: false,
  loading: () => (
    <div role="status" aria-label="Net positions chart: loading">
      <Skeleton className="h-80 w-full" />
    </div>
  ),
});

/**
 * A batch's net positions as a chart: each bar named beside it up to MAX_LABELLED counterparties,
 * a strip of bars past that (the table beside it names every one).
 */
export function NetPositions(props: ComponentProps<typeof NetPositionsStrip>) {
  return props.positions.length <= MAX_LABELLED ? (
    <NetPositionsChart {...props} />
  ) : (
    <NetPositionsStrip {...props} />
  );
}

/**
 * The place of a strip chart whose positions are on their way (a batch page's first paint): the
 * strip's height and legend, so nothing moves when the bars arrive.
 */
export function NetPositionsPlaceholder({ currency }: { currency: string }) {
  return (
    <figure className="flex flex-col gap-2">
      <div
        role="status"
        aria-label="Net positions chart: loading"
        className="py-3"
        style={{ height: STRIP_HEIGHT_PX }}
      >
        <Skeleton className="h-full w-full" />
      </div>
      <ChartLegend legend={DEFAULT_LEGEND} labelled={false} currency={currency} />
    </figure>
  );
}
