import { oneOf, text, unixSeconds, urlFilters } from '@/lib/client/url-filters';

/** The request log's status classes, as `GET /request-logs` takes them, and their names. */
export const STATUS_CLASSES = {
  '2xx': '2xx success',
  '4xx': '4xx refused',
  '5xx': '5xx server error',
} as const;

/**
 * The request log's filters, under the API's own names (they are the URL's too): the status class,
 * a path fragment, the key or user, and the time range (Unix seconds, shown as local date-times).
 */
export const REQUEST_LOG_FILTERS = urlFilters({
  status_class: oneOf(Object.keys(STATUS_CLASSES) as (keyof typeof STATUS_CLASSES)[]),
  path: text(),
  credential: text(),
  from: unixSeconds(),
  to: unixSeconds(),
});
