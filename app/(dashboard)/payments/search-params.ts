import { toMinorUnits } from '@/lib/domain/money';
import { PAYMENT_STATUS_NAMES } from '@/lib/domain/statuses';
import { orderIn, type Order } from '@/lib/client/list-order';
import {
  currencyCode,
  currencyTyped,
  localDay,
  oneOf,
  text,
  urlFilters,
  type FilterKind,
} from '@/lib/client/url-filters';
import { CounterpartyFilter } from './counterparty-filter';

/**
 * The payments list's URL (filters, order and cursor) → the gateway's `GET /payments` query, on
 * either side: the page reads its first page with the HTML from the same declaration the screen's
 * filter bar and query read.
 */
export const PAYMENTS_LIMIT = 20;

/** An amount of the URL in units → minor units for the gateway; undefined when not an amount. */
function amountBound(text: string, currency: string | undefined): string | undefined {
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

const notAmount = (v: string, all: Record<string, unknown>) =>
  v && !amountBound(v, all.currency as string | undefined) ? 'An amount such as 25.00' : undefined;

/** The statuses in the order a person works through them. */
const STATUSES = Object.fromEntries(
  ['pending', 'on_hold', 'admitted', 'rejected', 'expired', 'settled', 'unsubmitted'].map((s) => [
    s,
    s.replace('_', ' '),
  ]),
);

const AMOUNT = { inputMode: 'decimal', placeholder: '0.00' } as const;

/**
 * The list's filters as the URL names them. Most are the gateway's own; the dates are local days
 * (`YYYY-MM-DD`) and the amounts are in the currency's units. A transaction, admission or task
 * (from a link elsewhere) shows as a chip.
 */
export const PAYMENT_FILTERS = urlFilters({
  status: { kind: oneOf(PAYMENT_STATUS_NAMES), label: 'Status', id: 'payment-status', options: STATUSES },
  created_from: { kind: localDay('start'), label: 'Created from', id: 'payment-created-from' },
  created_to: { kind: localDay('end'), label: 'Created to', id: 'payment-created-to' },
  // Fragments shorter than the gateway searches by are not sent rather than refused.
  party: { kind: text({ min: 3 }), label: 'Party address or name', id: 'payment-party' },
  reference: { kind: text({ min: 3 }), label: 'Reference contains', id: 'payment-reference' },
  amount_from: {
    kind: amount('amount_min'),
    label: 'Amount from',
    id: 'payment-amount-from',
    input: AMOUNT,
    error: notAmount,
  },
  amount_to: {
    kind: amount('amount_max'),
    label: 'Amount to',
    id: 'payment-amount-to',
    input: AMOUNT,
    error: notAmount,
  },
  currency: {
    kind: currencyCode(),
    label: 'Currency',
    id: 'payment-currency',
    input: { placeholder: 'USD', maxLength: 3, autoCapitalize: 'characters' },
    normalize: currencyTyped,
  },
  counterparty: {
    kind: text(),
    label: 'Counterparty',
    id: 'payment-counterparty',
    component: CounterpartyFilter,
  },
  payment_id: { kind: text(), label: 'Id starts with', id: 'payment-prefix' },
  transaction_id: { kind: text(), label: 'transaction', id: 'payment-transaction', chip: 'transaction id' },
  admission_id: { kind: text(), label: 'admission', id: 'payment-admission', chip: 'admission id' },
  task_id: { kind: text(), label: 'task', id: 'payment-task', chip: 'task id' },
});

const NEWEST_FIRST = { desc: 'Newest first', asc: 'Oldest first' };

/**
 * The payments list's order: newest first; with an id prefix, payment_id order (the gateway's two
 * orders of the list), read either way.
 */
export function paymentOrder(filters: { payment_id?: string }): {
  column: string;
  natural: Order;
  labels: Record<Order, string>;
} {
  return filters.payment_id
    ? {
        column: 'payment_id',
        natural: 'asc',
        labels: { asc: 'Payment id A to Z', desc: 'Payment id Z to A' },
      }
    : { column: 'created', natural: 'desc', labels: NEWEST_FIRST };
}

/** The gateway's filters of the URL and the direction of its order (no paging). */
export function paymentFilters(params: URLSearchParams): URLSearchParams {
  const filters = PAYMENT_FILTERS.read(params);
  const out = new URLSearchParams(PAYMENT_FILTERS.gateway(filters));
  // The direction of the list's order, when it is not the list's own (useListOrder).
  const { natural } = paymentOrder(filters);
  const order = orderIn(params, natural);
  if (order !== natural) out.set('order', order);
  return out;
}

/**
 * The first page of the list the URL shows, as the page reads it with the HTML: the gateway's path,
 * and the filters of the screen's query (its key), the cursor and the limit among them.
 */
export function paymentsFirstPage(params: URLSearchParams) {
  const filters: Record<string, string | number> = Object.fromEntries(paymentFilters(params));
  const cursor = params.get('cursor');
  if (cursor) filters.cursor = cursor;
  filters.limit = PAYMENTS_LIMIT;
  const qs = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)]));
  return { path: `/payments?${qs}`, filters };
}
