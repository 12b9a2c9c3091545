/**
 * What both net-position charts share (the labelled one drawn with Recharts, net-positions-chart.tsx;
 * the strip of many bars in plain SVG, net-positions-strip.tsx): the figures, their order, the
 * colours, the tooltip and the legend. No Recharts here: the strip's page never loads it.
 */
import { formatNet, unitsNumber } from '@/lib/client/format';
import type { Position } from '@/lib/client/queries/settlements';
import type { ChartPosition } from './chart-order';
import { formatCompact } from '@/lib/client/format';
import { compareText } from '@/lib/domain/compare';

export const CREDIT = '#059669'; // emerald-600: readable on white and on slate-900
export const DEBIT = '#e11d48'; // rose-600
/** Up to this many bars each is named beside it (the labelled chart); past it, the strip. */
export const MAX_LABELLED = 12;

export interface Datum {
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

/** The chart's bars in its order: credits first, largest first, then the debits (chartOrder). */
export function toData(positions: ChartPosition[], currency: string, names: Map<string, string>): Datum[] {
  return positions
    .map((p) => {
      const major = unitsNumber(p.net_amount, currency);
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
    .sort((a, b) => b.net - a.net || compareText(a.counterparty, b.counterparty));
}

/** The value axis's labels: compact, with decimals below one unit of the currency (0.005, not "0"). */
export const axisFormat = (bound: number) => ({
  format: (v: number) => formatCompact(v, bound < 1 ? 3 : 1),
});

/** One bar's figures: its counterparty's name, domain and id, and the amount. */
export function TooltipCard({ d, currency }: { d: Datum; currency: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow dark:border-slate-700 dark:bg-slate-800">
      <p className="font-medium">{d.name}</p>
      {d.domain && d.domain !== d.name ? <p className="text-xs">{d.domain}</p> : null}
      {d.name !== d.counterparty ? <p className="font-mono text-xs">{d.counterparty}</p> : null}
      <p>{formatNet(d.type === 'Credit' ? 'credit' : 'debit', d.amount, currency)}</p>
    </div>
  );
}

/** What the colours mean, where the bars lie, and the unit. */
export function ChartLegend({
  legend,
  labelled,
  currency,
}: {
  legend: { credit: string; debit: string };
  labelled: boolean;
  currency: string;
}) {
  return (
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
  );
}

export const DEFAULT_LEGEND = {
  credit: 'Credit: the counterparty owes you',
  debit: 'Debit: you owe the counterparty',
};
