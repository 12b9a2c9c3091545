'use client';

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Overview } from '@/lib/client/queries/overview';
import { ChartFrame, ChartTooltip, legendLabel } from './chart-frame';

const BLAME = [
  { key: 'beneficiary_party', label: 'Beneficiary party', color: '#2563eb' },
  { key: 'debtor_party', label: 'Debtor party', color: '#ea580c' },
  { key: 'system', label: 'System', color: '#64748b' },
];

/** Payment exceptions of the window by code, stacked by who they are blamed on. */
export default function ExceptionsChart({ overview }: { overview: Overview }) {
  const codes = [...new Set(overview.exceptions.map((e) => e.exception_code))];
  const rows = codes
    .map((code) => {
      const row: Record<string, number | string> = { code: code.replace(/_/g, ' ').toLowerCase(), total: 0 };
      for (const b of BLAME) row[b.key] = 0;
      for (const e of overview.exceptions) {
        if (e.exception_code !== code) continue;
        row[e.blame] = Number(row[e.blame] ?? 0) + e.count;
        row.total = Number(row.total) + e.count;
      }
      return row;
    })
    .sort((a, b) => Number(b.total) - Number(a.total));
  const blames = BLAME.filter((b) => overview.exceptions.some((e) => e.blame === b.key));

  return (
    <ChartFrame
      title="Exceptions by code and blame"
      description={`Failed and expired payments, last ${overview.window.days} days`}
      isEmpty={overview.exceptions.length === 0}
      empty="No exceptions in this period."
      table={
        <table>
          <caption>Exceptions by code and blame</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Blame</th>
              <th scope="col">Exceptions</th>
            </tr>
          </thead>
          <tbody>
            {overview.exceptions.map((e) => (
              <tr key={`${e.exception_code}-${e.blame}`}>
                <td>{e.exception_code}</td>
                <td>{BLAME.find((b) => b.key === e.blame)?.label ?? e.blame}</td>
                <td>{e.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BarChart
        responsive
        layout="vertical"
        style={{ width: '100%', height: Math.max(160, 48 * rows.length + 70) }}
        data={rows}
        accessibilityLayer={false}
        margin={{ left: 8, right: 16 }}
      >
        <CartesianGrid horizontal={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          type="number"
          allowDecimals={false}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
        <YAxis
          type="category"
          dataKey="code"
          width={150}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
        <Tooltip content={<ChartTooltip />} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} formatter={legendLabel} />
        {blames.map((b) => (
          <Bar
            key={b.key}
            dataKey={b.key}
            name={b.label}
            stackId="blame"
            fill={b.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
