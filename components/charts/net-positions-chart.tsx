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
import { currencyExponent, formatMoney } from '@/lib/client/format';
import type { Position } from '@/lib/client/queries/settlements';
import type { ChartPosition } from './chart-order';
import { symmetricDomain } from '@/lib/client/symmetric-domain';

const CREDIT = '#059669'; // emerald-600: readable on white and on slate-900
const DEBIT = '#e11d48'; // rose-600
/** Past this many bars the counterparty ids no longer fit under them; the tooltip names each. */
const MAX_LABELLED = 12;

interface Datum {
  counterparty: string;
  /** The counterparty namespace's name where known, else its domain, else its id. */
  name: string;
  /** Its domain, for the tooltip (null when unknown). */
  domain: string | null;
  /** Signed, in major units (the axis); the exact figure is `amount` in minor units. */
  net: number;
  amount: string;
  type: Position['position_type'];
}

function toData(positions: ChartPosition[], currency: string, names: Map<string, string>): Datum[] {
  const scale = 10 ** currencyExponent(currency);
  return positions
    .map((p) => {
      const major = Number(p.net_amount) / scale;
      const domain = p.counterparty_domain ?? names.get(p.counterparty_id) ?? null;
      return {
        counterparty: p.counterparty_id,
        name: p.counterparty_name ?? domain ?? p.counterparty_id,
        domain,
        net: p.position_type === 'Credit' ? major : -major,
        amount: p.net_amount,
        type: p.position_type,
      };
    })
    .sort((a, b) => b.net - a.net || a.counterparty.localeCompare(b.counterparty));
}

/**
 * A bare <path> per bar. Recharts' own Rectangle measures every path after mounting
 * (getTotalLength, then a state update each) — with a thousand bars that alone took over a second.
 */
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
  if (!active || !d) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow dark:border-slate-700 dark:bg-slate-800">
      <p className="font-medium">{d.name}</p>
      {d.domain && d.domain !== d.name ? <p className="text-xs">{d.domain}</p> : null}
      {d.name !== d.counterparty ? <p className="font-mono text-xs">{d.counterparty}</p> : null}
      <p>
        {d.type === 'Credit' ? 'Credit' : 'Debit'} {formatMoney(d.amount, currency)}
      </p>
    </div>
  );
}

/** A name cut to `n` characters, keeping its head (what tells names apart). */
const cut = (name: string, n: number) => (name.length > n ? `${name.slice(0, n - 1)}…` : name);

/**
 * Net positions of one batch: a bar per counterparty (or participant), credits above or right of
 * the axis, debits below or left. Up to 12 the bars lie across, each named on the left in plain
 * text (no slanted label to clip at a phone's edge, a bar no thicker than 28 px however few); more
 * stand up without names, the tooltip naming each. No animation: a thousand bars must draw at once.
 */
export function NetPositionsChart({
  positions,
  currency,
  names = new Map(),
  legend = {
    credit: 'Credit: the counterparty owes you',
    debit: 'Debit: you owe the counterparty',
  },
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
  // Below one unit of the currency the quarter ticks need their decimals (0.005, not "0").
  const compact = new Intl.NumberFormat('en', {
    notation: 'compact',
    maximumFractionDigits: domain[1] < 1 ? 3 : 1,
  });
  const credits = data.filter((d) => d.type === 'Credit').length;
  const labelled = data.length <= MAX_LABELLED;
  const ticks = [domain[0], domain[0] / 2, 0, domain[1] / 2, domain[1]];
  const valueAxis = {
    domain,
    ticks,
    allowDataOverflow: false,
    tick: { fill: 'currentColor', fontSize: 12 },
    tickFormatter: (v: number) => compact.format(v),
    stroke: 'currentColor',
    strokeOpacity: 0.4,
  };
  return (
    <figure className="flex flex-col gap-2">
      <div
        role="img"
        aria-label={`Net positions by counterparty: ${data.length} counterparties, ${credits} credit, ${data.length - credits} debit`}
        className="text-slate-600 dark:text-slate-300"
        data-testid="net-positions-chart"
      >
        {labelled ? (
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
            <XAxis type="number" {...valueAxis} />
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
        ) : (
          <BarChart
            data={data}
            responsive
            style={{ width: '100%', height: 320 }}
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            barCategoryGap={data.length > 200 ? 0 : '15%'}
            accessibilityLayer={false}
          >
            {/* No vertical lines, and no generator: by default the grid measures every X tick's text to
                place them even when vertical lines are off. */}
            <CartesianGrid
              vertical={false}
              verticalCoordinatesGenerator={() => []}
              stroke="currentColor"
              strokeOpacity={0.15}
            />
            {/* Many bars: no category axis at all. Recharts measures every tick's text in the DOM,
                which cost a forced layout per counterparty even with the labels switched off. */}
            <XAxis dataKey="name" hide height={0} tick={false} />
            <YAxis {...valueAxis} width={56} />
            <ReferenceLine y={0} stroke="currentColor" strokeOpacity={0.6} />
            <Tooltip
              content={<TooltipBody currency={currency} />}
              cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
            />
            <Bar dataKey="net" shape={NetBar} isAnimationActive={false} minPointSize={1} />
          </BarChart>
        )}
      </div>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-400">
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: CREDIT }} />{' '}
          {legend.credit} ({labelled ? 'right of' : 'above'} the axis)
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: DEBIT }} />{' '}
          {legend.debit} ({labelled ? 'left' : 'below'})
        </span>
        <span>
          Amounts in {currency}, major units.
          {labelled ? '' : ' One bar per counterparty; point at a bar for its name.'}
        </span>
      </figcaption>
    </figure>
  );
}
