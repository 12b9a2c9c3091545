'use client';

import { useState } from 'react';
import { Area, AreaChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import {
  formatCompact,
  formatMoney,
  formatMoneyChange,
  formatPosition,
  unitsNumber,
} from '@/lib/client/format';
import type { LiquidityIntraday } from '@/lib/client/queries/liquidity';
import { symmetricDomain } from '@/lib/client/symmetric-domain';
import { formatLocal, formatLocalHourMinute, zoneName } from '@/lib/client/time';
import { ChartFrame } from './chart-frame';
import { cutoffGroups, movementWindow, timeTicks, type CutoffGroup } from '@/lib/client/intraday-window';

const POSITION = '#2563eb'; // blue-600
const LIMIT = '#dc2626'; // red-600
/** Past this many cut-off lines their labels would crowd: the lines stay, the legend counts them. */
const MAX_LABELLED_CUTOFFS = 6;

interface Datum {
  at: number;
  /** Major units, for the axis only; the exact figure is `minor`. */
  value: number;
  minor: string;
}

/** The axis's times on the reader's 24-hour clock ("16:05"); the zone is named beside the chart. */
const clock = (seconds: number) => formatLocalHourMinute(new Date(seconds * 1000));
const offsetMinutes = (seconds: number) => -new Date(seconds * 1000).getTimezoneOffset();

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

/**
 * A group of cut-offs' label: "Cut-off", or "3 cut-offs", inside the plot at the line's left; the
 * groups alternate between two rows, so neighbours' labels never touch.
 */
function cutoffLabel(group: CutoffGroup, row: number) {
  const text = group.batchIds.length === 1 ? 'Cut-off' : `${group.batchIds.length} cut-offs`;
  return function CutoffLabel({ viewBox }: { viewBox?: { x?: number; y?: number } }) {
    return (
      <text
        x={(viewBox?.x ?? 0) - 4}
        y={(viewBox?.y ?? 0) + 12 + row * 14}
        textAnchor="end"
        fill="currentColor"
        fontSize={11}
        className="cutoff-label"
      >
        {text}
      </text>
    );
  };
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
      <p className="font-medium">{formatLocal(new Date(d.at * 1000))}</p>
      <p>Position {formatPosition(d.minor, currency)}</p>
    </div>
  );
}

/**
 * The namespace's net debit position in one currency (5-minute steps of the last 24 hours), against
 * its limit (a red line), with each cut-off that settled it marked (dashed lines): the position
 * climbs as its payments are admitted and falls back at each cut-off. It shows the window from just
 * before the day's first movement (`movementWindow`), where a day drawn whole squeezed a morning's
 * payments into its last pixels; the whole 24 hours on request. Times on the reader's clock, the
 * zone named, as every time of the dashboard.
 */
export default function IntradayPositionChart({ intraday }: { intraday: LiquidityIntraday }) {
  const { currency, points, cutoffs, limit } = intraday;
  const major = (minor: string) => unitsNumber(minor, currency);
  const movement = movementWindow(
    points,
    cutoffs.map((c) => c.at),
  );
  const [whole, setWhole] = useState(false);
  const from = whole ? (points[0]?.at ?? 0) : movement.from;
  const to = points.at(-1)?.at ?? 0;
  const shown = points.filter((p) => p.at >= from);
  const data: Datum[] = shown.map((p) => ({ at: p.at, value: major(p.position), minor: p.position }));
  const compact = { format: (v: number) => formatCompact(v, 2) };
  const groups = cutoffGroups(cutoffs, from, to);
  const labelled = groups.length <= MAX_LABELLED_CUTOFFS;
  const latest = points.at(-1);
  const zone = zoneName(new Date(to * 1000));
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
  const since = formatLocalHourMinute(new Date(from * 1000));
  return (
    <ChartFrame
      title={
        whole || movement.whole
          ? `${currency} position, last 24 hours`
          : `${currency} position since ${since} ${zone}`
      }
      description={
        limit === null
          ? 'Net debit position (positive: owed to the network), no limit set.'
          : `Net debit position (positive: owed to the network) against the limit of ${formatMoney(limit, currency)}.`
      }
      isEmpty={points.length === 0}
      empty="No position in the last 24 hours."
      controls={
        <div className="flex flex-col gap-1">
          {movement.whole ? null : (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={whole}
                onChange={(e) => setWhole(e.target.checked)}
              />
              The whole 24 hours
            </label>
          )}
          {limit !== null ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={toLimit}
                onChange={(e) => setToLimit(e.target.checked)}
              />
              Scale to the limit
            </label>
          ) : null}
        </div>
      }
      table={
        <table>
          <caption>
            {currency} position over the last 24 hours, times in {zone}
          </caption>
          <thead>
            <tr>
              <th scope="col">Time ({zone})</th>
              <th scope="col">Position</th>
            </tr>
          </thead>
          <tbody>
            {hourly.map((p) => (
              <tr key={p.at}>
                <td>{clock(p.at)}</td>
                <td>{formatPosition(p.position, currency)}</td>
              </tr>
            ))}
            {cutoffs.map((c) => (
              <tr key={c.batch_id}>
                <td>{clock(c.at)}</td>
                <td>
                  Cut-off {c.batch_id}: balance {formatMoneyChange(c.net, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <div
        data-testid="intraday-chart"
        data-latest-position={latest?.position ?? ''}
        data-from={from}
        data-to={to}
      >
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
            ticks={timeTicks(from, to, offsetMinutes)}
            allowDataOverflow
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
          {groups.map((g, i) => (
            <ReferenceLine
              key={g.batchIds[0]}
              x={g.at}
              stroke="currentColor"
              strokeOpacity={0.7}
              strokeDasharray="4 3"
              className="cutoff-line"
              label={labelled ? cutoffLabel(g, i % 2) : undefined}
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
        <span>
          Amounts in {currency}; times in {zone}, your time zone.
        </span>
      </p>
    </ChartFrame>
  );
}
