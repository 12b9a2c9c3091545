/**
 * The desk's place in the URL: its filter under the API's own name (`currency`), its cursor, and
 * the participant whose ledger is open beside it (`history`, with its own cursor `history.cursor`).
 */
export const DESK_LIMIT = 20;
export const HISTORY_LIMIT = 20;

/** The desk's filters, as `GET /operator/liquidity` takes them. */
export const DESK_FILTERS = ['currency'] as const;
export type DeskFilters = Partial<Record<(typeof DESK_FILTERS)[number], string>>;

/** The URL's filters, a malformed currency left out (the gateway would refuse it). */
export function deskFilters(params: URLSearchParams): DeskFilters {
  const currency = params.get('currency') ?? '';
  return /^[A-Z]{3}$/.test(currency) ? { currency } : {};
}
