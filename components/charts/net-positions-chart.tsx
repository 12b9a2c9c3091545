'use client';

import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
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
  type Datum,
} from './net-positions-parts';

/** A bare <path> per bar: Recharts' own Rectangle measures every path after mounting. */
function NetBar({ x, y, width, height, payload }: BarShapeProps) {
  const d = payload as Datum;
  if (!width || !height) return <g />;
  return (
    <path
      className="net-bar"
      data-type={d.type}
      fill={d.type === 'Credit' ? CREDIT : DEBIT}
      d={`M${x},${y}h${width}v${height}h${-width}Z`}
    />
  );
}

function TooltipBody({
  active,
  payload,
  currency,
}: {
  active?: boolean;
  payload?: Array<{ payload: Datum }>;
  currency: string;
}) {
  const d = payload?.[0]?.payload;
  return active && d ? <TooltipCard d={d} currency={currency} /> : null;
}

/** A name cut to `n` characters, keeping its head (what tells names apart). */
const cut = (name: string, n: number) => (name.length > n ? `${name.slice(0, n - 1)}…` : name);

/**
 * Net positions of one batch with a few counterparties (up to MAX_LABELLED; more are drawn by
 * NetPositionsStrip): a bar each, lying across, credits right of the axis and debits left, each
 * named on the left in plain text (no slanted label to clip at a phone's edge, a bar no thicker
 * than 28 px however few). No animation.
 */
export function NetPositionsChart({
  positions,
  currency,
  names = new Map(),
  legend = DEFAULT_LEGEND,
}: {
  positions: ChartPosition[];
  currency: string;
  /** Counterparty id → its domain, where the positions carry none. */
  names?: Map<string, string>;
  /** What a credit and a debit mean here. */
  legend?: { credit: string; debit: string };
}) {
  const data = toData(positions, currency, names);
  const domain = symmetricDomain(data);
  const compact = axisFormat(domain[1]);
  const credits = data.filter((d) => d.type === 'Credit').length;
  return (
    <figure className="flex flex-col gap-2">
      <div
        role="img"
        aria-label={`Net positions by counterparty: ${data.length} counterparties, ${credits} credit, ${data.length - credits} debit`}
        className="text-slate-600 dark:text-slate-300"
        data-testid="net-positions-chart"
      >
        <BarChart
          data={data}
          layout="vertical"
          responsive
          style={{ width: '100%', height: 56 + data.length * 40 }}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          barCategoryGap="20%"
          maxBarSize={28}
          accessibilityLayer={false}
        >
          <CartesianGrid
            horizontal={false}
            horizontalCoordinatesGenerator={() => []}
            stroke="currentColor"
            strokeOpacity={0.15}
          />
          <XAxis
            type="number"
            domain={domain}
            ticks={[domain[0], domain[0] / 2, 0, domain[1] / 2, domain[1]]}
            allowDataOverflow={false}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            tickFormatter={(v: number) => compact.format(v)}
            stroke="currentColor"
            strokeOpacity={0.4}
          />
          {/* The names, level, left of their bars: 18 characters fit in 120 px at 11 px. */}
          <YAxis
            type="category"
            dataKey="name"
            width={120}
            interval={0}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            tickFormatter={(name: string) => cut(name, 18)}
            stroke="currentColor"
            strokeOpacity={0.4}
          />
          <ReferenceLine x={0} stroke="currentColor" strokeOpacity={0.6} />
          <Tooltip
            content={<TooltipBody currency={currency} />}
            cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
          />
          <Bar dataKey="net" shape={NetBar} isAnimationActive={false} minPointSize={1} />
        </BarChart>
      </div>
      <ChartLegend legend={legend} labelled currency={currency} />
    </figure>
  );
}
