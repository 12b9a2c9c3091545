'use client';

import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { SELECT_CLASS } from '@/components/ui/select';
import { formatMoney, formatUnitsNumber, unitsNumber } from '@/lib/client/format';
import type { Overview, PaymentStatusName } from '@/lib/client/queries/overview';
import { ChartFrame, ChartTooltip, legendLabel } from './chart-frame';

const STATUS_SERIES: Array<{ key: PaymentStatusName; label: string; color: string }> = [
  { key: 'settled', label: 'Settled', color: '#059669' },
  { key: 'admitted', label: 'Admitted', color: '#2563eb' },
  { key: 'pending', label: 'Pending', color: '#f59e0b' },
  { key: 'on_hold', label: 'On hold', color: '#ea580c' },
  { key: 'rejected', label: 'Rejected', color: '#dc2626' },
  { key: 'expired', label: 'Expired', color: '#9333ea' },
  { key: 'unsubmitted', label: 'Not submitted', color: '#94a3b8' },
];

/** Every day of the window, oldest first, as YYYY-MM-DD (UTC, like the API). */
function windowDays(from: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    new Date((from + i * 86400) * 1000).toISOString().slice(0, 10),
  );
}

/** Payments per UTC day, stacked by status: by count, or by value in one currency. */
export default function PaymentVolumeChart({ overview }: { overview: Overview }) {
  const currencies = [...new Set(overview.daily_volume.map((r) => r.currency))].sort();
  const [measure, setMeasure] = useState('count');
  const currency = currencies.includes(measure) ? measure : null;
  const rows = windowDays(overview.window.from, overview.window.days).map((date) => {
    const row: Record<string, number | string> = { date: date.slice(5) };
    for (const s of STATUS_SERIES) row[s.key] = 0;
    for (const r of overview.daily_volume) {
      if (r.date !== date) continue;
      if (currency && r.currency !== currency) continue;
      // Values in major units for the axis; exact minor units stay in the table below.
      row[r.status] = Number(row[r.status]) + (currency ? unitsNumber(r.total, currency) : r.count);
    }
    return row;
  });
  const format = (v: number) => (currency ? formatUnitsNumber(v, currency) : String(v));
  const present = STATUS_SERIES.filter((s) => overview.daily_volume.some((r) => r.status === s.key));

  return (
    <ChartFrame
      title="Daily payment volume by status"
      description={`Last ${overview.window.days} days (UTC), ${currency ? `value in ${currency}` : 'number of payments'}`}
      isEmpty={overview.daily_volume.length === 0}
      empty="No payments in this period."
      controls={
        currencies.length ? (
          <div className="flex flex-col gap-1">
            <label
              htmlFor="volume-measure"
              className="text-xs font-medium text-slate-600 dark:text-slate-400"
            >
              Measure
            </label>
            <select
              id="volume-measure"
              className={SELECT_CLASS}
              value={currency ?? 'count'}
              onChange={(e) => setMeasure(e.target.value)}
            >
              <option value="count">Number of payments</option>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  Value in {c}
                </option>
              ))}
            </select>
          </div>
        ) : null
      }
      table={
        <table>
          <caption>Daily payment volume by status</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Status</th>
              <th scope="col">Currency</th>
              <th scope="col">Payments</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {overview.daily_volume.map((r) => (
              <tr key={`${r.date}-${r.status}-${r.currency}`}>
                <td>{r.date}</td>
                <td>{STATUS_SERIES.find((s) => s.key === r.status)?.label}</td>
                <td>{r.currency}</td>
                <td>{r.count}</td>
                <td>{formatMoney(r.total, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart responsive style={{ width: '100%', height: 280 }} data={rows} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="date"
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
        <YAxis
          allowDecimals={Boolean(currency)}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          strokeOpacity={0.4}
          width={currency ? 72 : 40}
        />
        <Tooltip
          content={<ChartTooltip format={format} />}
          cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} formatter={legendLabel} />
        {present.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId="status"
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
