import { oneOf, unixSeconds, urlFilters } from '@/lib/client/url-filters';

/**
 * The batch list's filters live in the URL under the API's own names: `status`, `cutoff_from` and
 * `cutoff_to` (Unix seconds, inclusive). The form shows the times as local date-times.
 */
export const BATCH_STATUSES = ['COMPLETED', 'PROCESSING', 'FAILED'] as const;

export const BATCH_FILTERS = urlFilters({
  status: oneOf(BATCH_STATUSES),
  cutoff_from: unixSeconds(),
  cutoff_to: unixSeconds(),
});
