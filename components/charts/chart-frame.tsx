'use client';

import { useId } from 'react';
import { CARD } from '@/components/ui/styles';

/**
 * The frame of every chart: a titled figure, the chart itself hidden from assistive technology,
 * and the same figures as a table for screen readers (a chart alone says nothing to them).
 */
export function ChartFrame({
  title,
  description,
  controls,
  table,
  children,
  isEmpty,
  empty,
}: {
  title: string;
  description: string;
  controls?: React.ReactNode;
  table: React.ReactNode;
  children: React.ReactNode;
  isEmpty: boolean;
  empty: string;
}) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className={`flex flex-col gap-3 ${CARD}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} className="font-medium">
            {title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
        {controls}
      </div>
      {isEmpty ? (
        <p className="flex h-64 items-center justify-center text-sm text-slate-600 dark:text-slate-400">
          {empty}
        </p>
      ) : (
        <>
          <div aria-hidden="true" className="text-slate-600 dark:text-slate-300">
            {children}
          </div>
          <div className="sr-only">{table}</div>
        </>
      )}
    </figure>
  );
}

export function ChartSkeleton({ title }: { title: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={`${title}: loading`}
      className={`flex h-[22rem] flex-col gap-3 ${CARD}`}
    >
      <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="flex-1 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
    </div>
  );
}

/** Recharts' tooltip content in the dashboard's colours (light and dark). */
export function ChartTooltip({
  active,
  label,
  payload,
  format = String,
}: {
  active?: boolean;
  label?: string | number;
  payload?: ReadonlyArray<{ name?: string | number; value?: unknown; color?: string }>;
  format?: (v: number) => string;
}) {
  if (!active || !payload?.length) return null;
  const rows = payload.filter((p) => Number(p.value) > 0);
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
      <p className="mb-1 font-medium">{label}</p>
      {rows.map((p) => (
        <p key={String(p.name)} className="flex items-center gap-2">
          <span className="inline-block size-2 rounded-full" style={{ background: p.color }} />
          {p.name}: {format(Number(p.value))}
        </p>
      ))}
    </div>
  );
}

/** Legend labels in the text colour (the swatch carries the series colour). */
export function legendLabel(value: unknown) {
  return <span className="text-slate-700 dark:text-slate-300">{String(value)}</span>;
}
