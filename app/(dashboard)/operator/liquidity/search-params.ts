import { currencyCode, urlFilters } from '@/lib/client/url-filters';

/**
 * The desk's place in the URL: its filter under the API's own name (`currency`), its cursor, and
 * the participant whose ledger is open beside it (`history`, with its own cursor `history.cursor`).
 */
export const DESK_LIMIT = 20;
export const HISTORY_LIMIT = 20;

/** The desk's filters, as `GET /operator/liquidity` takes them. */
export const DESK_FILTERS = urlFilters({ currency: currencyCode() });
