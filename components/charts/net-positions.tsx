'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { MAX_LABELLED } from './net-positions-parts';
import { NetPositionsStrip } from './net-positions-strip';

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
