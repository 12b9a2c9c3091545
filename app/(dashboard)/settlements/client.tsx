'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { Link } from '@/components/ui/link';
import { LINK } from '@/components/ui/styles';
import { batchesQuery } from '@/lib/client/queries/settlements';
import { oneOf, unixSeconds, urlFilters } from '@/lib/client/url-filters';
import { batchColumns } from './columns';

const BATCH_STATUSES = { COMPLETED: 'Completed', PROCESSING: 'Processing', FAILED: 'Failed' } as const;

/**
 * The settlement batches this namespace took part in, by status and cut-off time (Unix seconds in
 * the URL, inclusive, shown as local date-times), either way in time.
 */
export const SettlementsScreen = defineListScreen({
  title: 'Settlements',
  description: (
    <>
      The settlement batches this namespace took part in.{' '}
      <Link href="/settlements/statement" className={LINK}>
        Statement for a period
      </Link>
    </>
  ),
  filters: urlFilters({
    status: { kind: oneOf(BATCH_STATUSES), label: 'Status', id: 'batch-status', options: BATCH_STATUSES },
    cutoff_from: { kind: unixSeconds('start'), label: 'Cut-off from', id: 'cutoff-from' },
    cutoff_to: { kind: unixSeconds('end'), label: 'Cut-off to', id: 'cutoff-to' },
  }),
  filterBar: { label: 'Filter batches' },
  order: {
    column: 'cutoff',
    natural: 'desc',
    labels: { desc: 'Newest cut-off first', asc: 'Oldest cut-off first' },
  },
  query: batchesQuery,
  rows: (d) => d.batches,
  columns: ({ order }) => batchColumns(order!),
  caption: 'Settlement batches',
  limit: 20,
  empty: {
    none: 'No settlement batches yet: cleared transactions are settled at each cut-off.',
    filtered: 'No batches match these filters.',
  },
  export: { path: '/settlements/export', noun: 'batches' },
});
