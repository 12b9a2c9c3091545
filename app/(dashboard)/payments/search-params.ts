import { toMinorUnits } from '@/lib/domain/money';
import { PAYMENT_STATUS_NAMES } from '@/lib/domain/statuses';
import { orderIn, type Order } from '@/lib/client/list-order';
import { currencyCode, localDay, oneOf, text, urlFilters, type FilterKind } from '@/lib/client/url-filters';

/** The payments list's URL (filters and cursor) → the gateway's `GET /payments` query, on either side. */
export const PAYMENTS_LIMIT = 20;

/** An amount of the URL in units → minor units for the gateway; undefined when not an amount. */
export function amountBound(text: string, currency: string | undefined): string | undefined {
  if (!text.trim()) return undefined;
  return toMinorUnits(text, currency && /^[A-Z]{3}$/.test(currency) ? currency : 'USD') ?? undefined;
}

/**
 * An amount as typed (`25.00`), kept in the URL as typed (the field says when it is not one) and
 * sent in minor units of the chosen currency (two decimals when no currency is chosen).
 */
const amount = (gatewayName: string): FilterKind<string> => ({
  read: (raw) => raw.trim() || undefined,
  toGateway: (v, all) => amountBound(v, all.currency as string | undefined),
  gatewayName,
});

/**
 * The list's filters as the URL names them. Most are the gateway's own; the dates are local days
 * (`YYYY-MM-DD`) and the amounts are in the currency's units.
 */
export const PAYMENT_FILTERS = urlFilters({
  status: oneOf(PAYMENT_STATUS_NAMES),
  created_from: localDay('start'),
  created_to: localDay('end'),
  // Fragments shorter than the gateway searches by are not sent rather than refused.
  party: text({ min: 3 }),
  reference: text({ min: 3 }),
  amount_from: amount('amount_min'),
  amount_to: amount('amount_max'),
  currency: currencyCode(),
  counterparty: text(),
  payment_id: text(),
  transaction_id: text(),
  admission_id: text(),
  task_id: text(),
});

/** The gateway's filters of the URL and the direction of its order (no paging). */
export function paymentFilters(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(PAYMENT_FILTERS.gateway(PAYMENT_FILTERS.read(params)));
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

/** The list query's filters for the page the URL shows (its cursor, the limit): the key's and the request's. */
export function paymentListFilters(params: URLSearchParams): Record<string, string> {
  const out = Object.fromEntries(paymentFilters(params));
  out.limit = String(PAYMENTS_LIMIT);
  const cursor = params.get('cursor');
  if (cursor) out.cursor = cursor;
  return out;
}
