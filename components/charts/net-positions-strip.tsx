'use client';

import { useState } from 'react';
import { symmetricDomain } from '@/lib/client/symmetric-domain';
import type { ChartPosition } from './chart-order';
import {
  axisFormat,
  ChartLegend,
  CREDIT,
  DEBIT,
  DEFAULT_LEGEND,
  toData,
  TooltipCard,
} from './net-positions-parts';

/** The plot's height in the SVG's own units: the zero line at half of it. */
const H = 200;
const HEIGHT_PX = 320;

/** One path for every bar of a sign: `M x y h w V zero h -w Z` a bar, in the SVG's units. */
function barsPath(values: number[], sign: 1 | -1, bound: number, gap: number): string {
  const zero = H / 2;
  const w = 1 - gap;
  let d = '';
  values.forEach((v, i) => {
    if (Math.sign(v) !== sign) return;
    // At least half a unit tall: a position too small for the axis still shows.
    const h = Math.max(0.5, (Math.abs(v) / bound) * zero);
    d += `M${i + gap / 2} ${sign === 1 ? zero - h : zero}h${w}v${h}h${-w}Z`;
  });
  return d;
}

/**
 * Net positions of a batch with many counterparties (more than MAX_LABELLED; fewer are drawn by
 * NetPositionsChart): one bar per counterparty, standing on the zero line — credits above, debits
 * below — in the chart's order, drawn as two SVG paths (one per sign) that stretch to the plot's
 * width. A thousand bars are two elements, not a thousand components: Recharts drew each as its
 * own, and its first render held the main thread for a second on a phone (bench:lighthouse). The
 * bar under the pointer is named in a tooltip; the table beside the chart lists every figure.
 */
export function NetPositionsStrip({
  positions,
  currency,
  names = new Map(),
  legend = DEFAULT_LEGEND,
}: {
  positions: ChartPosition[];
  currency: string;
  /** Counterparty id → its domain, where the positions carry none. */
  names?: Map<string, string>;
  legend?: { credit: string; debit: string };
}) {
  const [hover, setHover] = useState<{ i: number; x: number } | null>(null);
  const data = toData(positions, currency, names);
  const n = data.length;
  const [low, high] = symmetricDomain(data);
  const compact = axisFormat(high);
  const values = data.map((d) => d.net);
  const gap = n > 200 ? 0 : 0.15;
  const credits = data.filter((d) => d.type === 'Credit').length;
  const ticks = [high, high / 2, 0, low / 2, low];
  const hovered = hover ? data[hover.i] : undefined;
  return (
    <figure className="flex flex-col gap-2">
      <div
        role="img"
        aria-label={`Net positions by counterparty: ${n} counterparties, ${credits} credit, ${n - credits} debit`}
        className="relative flex py-3 text-slate-600 dark:text-slate-300"
        style={{ height: HEIGHT_PX }}
        data-testid="net-positions-chart"
        data-bars={n}
      >
        {/* The value axis: HTML labels beside the plot (SVG text would stretch with it). */}
        <div aria-hidden className="relative w-14 shrink-0 text-xs">
          {ticks.map((t, k) => (
            <span
              key={k}
              className="absolute right-2 -translate-y-1/2 tabular-nums"
              style={{ top: `${(k / (ticks.length - 1)) * 100}%` }}
            >
              {compact.format(t)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          <svg
            className="absolute inset-0 h-full w-full"
            viewBox={`0 0 ${n} ${H}`}
            preserveAspectRatio="none"
            shapeRendering="crispEdges"
            onPointerMove={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              const i = Math.min(n - 1, Math.max(0, Math.floor(((e.clientX - box.left) / box.width) * n)));
              setHover({ i, x: (e.clientX - box.left) / box.width });
            }}
            onPointerLeave={() => setHover(null)}
          >
            {ticks.map((t, k) => (
              <line
                key={k}
                x1={0}
                x2={n}
                y1={(k / (ticks.length - 1)) * H}
                y2={(k / (ticks.length - 1)) * H}
                stroke="currentColor"
                strokeOpacity={t === 0 ? 0.6 : 0.15}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {hover ? (
              <rect x={hover.i} y={0} width={1} height={H} fill="currentColor" fillOpacity={0.12} />
            ) : null}
            <path className="net-bars" data-type="Credit" fill={CREDIT} d={barsPath(values, 1, high, gap)} />
            <path className="net-bars" data-type="Debit" fill={DEBIT} d={barsPath(values, -1, high, gap)} />
          </svg>
          {hovered && hover ? (
            <div
              className="pointer-events-none absolute top-2 z-10"
              style={
                hover.x < 0.6
                  ? { left: `calc(${hover.x * 100}% + 12px)` }
                  : { right: `calc(${(1 - hover.x) * 100}% + 12px)` }
              }
            >
              <TooltipCard d={hovered} currency={currency} />
            </div>
          ) : null}
        </div>
      </div>
      <ChartLegend legend={legend} labelled={false} currency={currency} />
    </figure>
  );
}
