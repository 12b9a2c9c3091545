import { orderIn } from '@/lib/client/list-order';
import { oneOf, urlFilters } from '@/lib/client/url-filters';
import { TASK_NAMES } from './task-names';

/** Tasks a page of the queue shows. */
export const QUEUE_LIMIT = 50;

/** The queue's tab (`status`) and its task-kind filter (`name`), under the API's own names. */
export const QUEUE_FILTERS = urlFilters({
  status: oneOf(['pending', 'on_hold'] as const),
  name: oneOf(Object.keys(TASK_NAMES) as (keyof typeof TASK_NAMES)[]),
});

/** The queue's own order: soonest expiry first (useListOrder's natural direction). */
export const QUEUE_ORDER = 'asc';

/**
 * The page of the queue the URL shows, as the page reads it with the HTML: the gateway's path, and
 * the filters of the screen's query (its key) — the tab (pending when the URL names none), the
 * kind, the order when not the natural one, the cursor and the limit — built as the screen builds
 * them, so the screen takes it as its first answer and the tasks are in the page's first paint.
 */
export function queueFirstPage(params: URLSearchParams) {
  const read = QUEUE_FILTERS.read(params);
  const filters: Record<string, string | number> = {
    ...(QUEUE_FILTERS.gateway(read) as Record<string, string>),
    status: read.status ?? 'pending',
  };
  const cursor = params.get('cursor');
  if (cursor) filters.cursor = cursor;
  filters.limit = QUEUE_LIMIT;
  const order = orderIn(params, QUEUE_ORDER);
  if (order !== QUEUE_ORDER) filters.order = order;
  const qs = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)]));
  return { path: `/tasks?${qs}`, filters };
}
