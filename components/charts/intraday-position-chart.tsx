'use client';

import { useState } from 'react';
import { Area, AreaChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { currencyExponent, formatMoney } from '@/lib/client/format';
import type { LiquidityIntraday } from '@/lib/client/queries/liquidity';
import { symmetricDomain } from '@/lib/client/symmetric-domain';
import { ChartFrame } from './chart-frame';
import { formatCompact, formatLocalHourMinute } from '@/lib/client/format';

const POSITION = '#2563eb'; // blue-600
const LIMIT = '#dc2626'; // red-600
/** Past this many cut-offs their labels would overlap: the lines stay, the legend names them. */
const MAX_LABELLED_CUTOFFS = 6;

interface Datum {
  at: number;
  /** Major units, for the axis only; the exact figure is `minor`. */
  value: number;
  minor: string;
}

const clock = (seconds: number) => formatLocalHourMinute(new Date(seconds * 1000));

/** A round bound (1, 2, 2.5 or 5 times a power of ten) at or past `v`'s size. */
const roundBound = (v: number) => symmetricDomain([{ net: v }])[1];

/**
 * The value axis from zero (or below it, for a net credit) to the highest position or the
 * limit when drawn, its bounds round so the ticks are; all zero: a unit above the axis.
 */
function valueAxis(values: number[], limit: number): [number, number] {
  const hi = Math.max(limit, ...values);
  const lo = Math.min(0, ...values);
  const top = hi > 0 ? roundBound(hi) : lo < 0 ? 0 : 1;
  return [lo < 0 ? -roundBound(-lo) : 0, top];
}

/** Quarter ticks of a one-sided axis; halves on each side of zero otherwise. */
function axisTicks(bottom: number, top: number): number[] {
  if (bottom < 0 && top > 0) return [bottom, bottom / 2, 0, top / 2, top];
  const span = top - bottom;
  return [0, 1, 2, 3, 4].map((i) => bottom + (span * i) / 4);
}

/** Ticks every three hours on the hour (local), inside the window. */
function hourTicks(from: number, to: number): number[] {
  const start = new Date(from * 1000);
  start.setMinutes(0, 0, 0);
  const ticks: number[] = [];
  for (let t = start.getTime() / 1000; t <= to; t += 3600)
    if (t >= from && new Date(t * 1000).getHours() % 3 === 0) ticks.push(t);
  return ticks;
}

function TooltipBody({
  active,
  payload,
  currency,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: Datum }>;
  currency: string;
}) {
  const d = payload?.[0]?.payload;
  if (!active || !d) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
      <p className="font-medium">{clock(d.at)}</p>
      <p>Position {formatMoney(d.minor, currency)}</p>
    </div>
  );
}

/**
 * The namespace's net debit position in one currency over the last 24 hours (5-minute steps),
 * against its limit (a red line), with each cut-off that settled it marked (dashed lines): the
 * position climbs as its payments are admitted and falls back at each cut-off.
 */
export default function IntradayPositionChart({ intraday }: { intraday: LiquidityIntraday }) {
  const { currency, points, cutoffs, limit } = intraday;
  const scale = 10 ** currencyExponent(currency);
  const major = (minor: string) => Number(minor) / scale;
  const data: Datum[] = points.map((p) => ({ at: p.at, value: major(p.position), minor: p.position }));
  const from = points[0]?.at ?? 0;
  const to = points.at(-1)?.at ?? 0;
  const compact = { format: (v: number) => formatCompact(v, 2) };
  const labelled = cutoffs.length <= MAX_LABELLED_CUTOFFS;
  const latest = points.at(-1);
  // A position far below its limit would draw as a flat line at zero beside the limit's: the
  // chart then scales to the position, and the limit is named instead of drawn (a box draws it).
  const peak = data.reduce((m, d) => Math.max(m, Math.abs(d.value)), 0);
  const [toLimit, setToLimit] = useState(limit !== null && peak >= major(limit) / 4);
  const drawLimit = limit !== null && toLimit;
  const [bottom, top] = valueAxis(
    data.map((d) => d.value),
    drawLimit ? major(limit!) : 0,
  );
  // The table for screen readers: every hour, the latest step, and the cut-offs.
  const hourly = points.filter((_, i) => i % 12 === 0 || i === points.length - 1);
  return (
    <ChartFrame
      title={`${currency} position, last 24 hours`}
      description={
        limit === null
          ? 'Net debit position (positive: owed to the network), no limit set.'
          : `Net debit position (positive: owed to the network) against the limit of ${formatMoney(limit, currency)}.`
      }
      isEmpty={points.length === 0}
      empty="No position in the last 24 hours."
      controls={
        limit !== null ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={toLimit}
              onChange={(e) => setToLimit(e.target.checked)}
            />
            Scale to the limit
          </label>
        ) : null
      }
      table={
        <table>
          <caption>{currency} position over the last 24 hours</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Position</th>
            </tr>
          </thead>
          <tbody>
            {hourly.map((p) => (
              <tr key={p.at}>
                <td>{clock(p.at)}</td>
                <td>{formatMoney(p.position, currency)}</td>
              </tr>
            ))}
            {cutoffs.map((c) => (
              <tr key={c.batch_id}>
                <td>{clock(c.at)}</td>
                <td>
                  Cut-off {c.batch_id}: net {formatMoney(c.net, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <div data-testid="intraday-chart" data-latest-position={latest?.position ?? ''}>
        <AreaChart
          responsive
          style={{ width: '100%', height: 280 }}
          data={data}
          margin={{ top: 16, right: 16, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={[from, to]}
            ticks={hourTicks(from, to)}
            tickFormatter={clock}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            stroke="currentColor"
            strokeOpacity={0.4}
          />
          <YAxis
            domain={[bottom, top]}
            ticks={axisTicks(bottom, top)}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            tickFormatter={(v: number) => compact.format(v)}
            stroke="currentColor"
            strokeOpacity={0.4}
            width={56}
          />
          <Tooltip content={<TooltipBody currency={currency} />} />
          <ReferenceLine y={0} stroke="currentColor" strokeOpacity={0.5} />
          {drawLimit ? (
            <ReferenceLine
              y={major(limit!)}
              stroke={LIMIT}
              strokeWidth={2}
              ifOverflow="extendDomain"
              label={{ value: 'Limit', position: 'insideTopLeft', fill: LIMIT, fontSize: 12 }}
            />
          ) : null}
          {cutoffs.map((c) => (
            <ReferenceLine
              key={c.batch_id}
              x={c.at}
              stroke="currentColor"
              strokeOpacity={0.7}
              strokeDasharray="4 3"
              className="cutoff-line"
              label={
                labelled
                  ? { value: 'Cut-off', position: 'insideTopRight', fill: 'currentColor', fontSize: 11 }
                  : undefined
              }
            />
          ))}
          <Area
            dataKey="value"
            type="stepAfter"
            stroke={POSITION}
            strokeWidth={2}
            fill={POSITION}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        </AreaChart>
      </div>
      <p className="flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-400">
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-0.5 w-4" style={{ background: POSITION }} /> Position
        </span>
        {drawLimit ? (
          <span className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-0.5 w-4" style={{ background: LIMIT }} /> Limit
          </span>
        ) : limit !== null ? (
          <span>Limit {formatMoney(limit, currency)}: above this scale</span>
        ) : null}
        <span>Dashed lines: cut-offs ({cutoffs.length})</span>
        <span>Amounts in {currency}, major units; times in your time zone.</span>
      </p>
    </ChartFrame>
  );
}
