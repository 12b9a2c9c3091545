import { toMinorUnits } from '@/lib/domain/money';
import { orderIn, type Order } from '@/lib/client/list-order';

/** The payments list's URL (filters and cursor) → the gateway's `GET /payments` query, on either side. */
export const PAYMENTS_LIMIT = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Filters passed to the gateway as they are in the URL. */
const AS_IS = [
  'status',
  'payment_id',
  'party',
  'reference',
  'currency',
  'counterparty',
  'transaction_id',
  'admission_id',
  'task_id',
] as const;

/**
 * The list's filters as the URL names them. Most are the gateway's own; the dates are days
 * (`YYYY-MM-DD`, local) and the amounts are in the currency's units as typed (`25.00`), read with
 * the chosen currency's exponent (two decimals when no currency is chosen).
 */
export const PAYMENT_FILTERS = [...AS_IS, 'created_from', 'created_to', 'amount_from', 'amount_to'] as const;

/**
 * A `YYYY-MM-DD` day of the URL → Unix seconds at the start (or end) of that day in the local time
 * zone. The server's zone may differ from the browser's: its query then differs, and the browser
 * fetches its own instead of using the server's first page.
 */
function daySeconds(day: string, end: boolean): number | undefined {
  if (!DAY.test(day)) return undefined;
  const t = new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`).getTime();
  return Number.isNaN(t) ? undefined : Math.floor(t / 1000);
}

/** An amount of the URL in units → minor units for the gateway; undefined when not an amount. */
export function amountBound(text: string, currency: string): string | undefined {
  if (!text.trim()) return undefined;
  return toMinorUnits(text, /^[A-Z]{3}$/.test(currency) ? currency : 'USD') ?? undefined;
}

/** The gateway's filters of the URL and the direction of its order (no paging). */
export function paymentFilters(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of AS_IS) {
    const v = (params.get(key) ?? '').trim();
    // Fragments shorter than the gateway searches by are left out rather than refused.
    if (v && !((key === 'party' || key === 'reference') && v.length < 3)) out.set(key, v);
  }
  const from = daySeconds(params.get('created_from') ?? '', false);
  const to = daySeconds(params.get('created_to') ?? '', true);
  if (from !== undefined) out.set('created_from', String(from));
  if (to !== undefined) out.set('created_to', String(to));
  const currency = params.get('currency') ?? '';
  const min = amountBound(params.get('amount_from') ?? '', currency);
  const max = amountBound(params.get('amount_to') ?? '', currency);
  if (min) out.set('amount_min', min);
  if (max) out.set('amount_max', max);
  // The direction of the list's order, when it is not the list's own (useListOrder).
  const natural = naturalOrder(params);
  const order = orderIn(params, natural);
  if (order !== natural) out.set('order', order);
  return out;
}

/**
 * The payments list's own order: newest first; with an id prefix, payment_id order (the gateway's
 * two orders of the list).
 */
export const naturalOrder = (params: URLSearchParams): Order => (params.get('payment_id') ? 'asc' : 'desc');

export function paymentsQuery(params: URLSearchParams): string {
  const out = paymentFilters(params);
  out.set('limit', String(PAYMENTS_LIMIT));
  const cursor = params.get('cursor');
  if (cursor) out.set('cursor', cursor);
  return out.toString();
}
