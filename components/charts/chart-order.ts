import type { Position } from '@/lib/client/queries/settlements';
import { compareText } from '@/lib/domain/compare';

/** What the chart draws of a position: the batch page's own, or a participant's on the operator's. */
export type ChartPosition = Pick<Position, 'counterparty_id' | 'position_type' | 'net_amount'> &
  Partial<Pick<Position, 'counterparty_name' | 'counterparty_domain'>>;

/**
 * The chart's order, which the table beside it follows: credits first, largest first, then the
 * debits, largest last (ties by id). Apart from the chart (Recharts, loaded later), for the table.
 */
export function chartOrder<T extends ChartPosition>(positions: T[]): T[] {
  const signed = (p: ChartPosition) => (p.position_type === 'Credit' ? 1 : -1) * Number(p.net_amount);
  return [...positions].sort(
    (a, b) => signed(b) - signed(a) || compareText(a.counterparty_id, b.counterparty_id),
  );
}
