import { currencyCode, urlFilters } from '@/lib/client/url-filters';

/**
 * The liquidity screen's place in the URL: the ledger's filter under the API's own name
 * (`currency`), the ledger's cursor (`cursor`) and the queue's (`queue.cursor`), and the currency
 * the chart shows (`chart`; the first of the namespace's when absent).
 */
export const LEDGER_LIMIT = 20;
export const QUEUE_LIMIT = 10;

/** The ledger's filters, as `GET /liquidity/entries` and its export take them. */
export const LEDGER_FILTERS = urlFilters({ currency: currencyCode() });

/** The currency of the chart: the URL's when the namespace has it, else its first. */
export function chartCurrency(params: URLSearchParams, currencies: string[]): string {
  const wanted = params.get('chart') ?? '';
  return currencies.includes(wanted) ? wanted : (currencies[0] ?? '');
}
