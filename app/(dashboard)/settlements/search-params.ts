/**
 * The list's filters live in the URL under the API's own names: `status`, `cutoff_from` and
 * `cutoff_to` (Unix seconds, inclusive) and `page`. The form shows them as local date-times.
 */
export const BATCH_STATUSES = ['COMPLETED', 'PROCESSING', 'FAILED'] as const;

export { fromLocalInput, toLocalInput } from '@/lib/client/time';
