'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { returnQueries } from '@/lib/client/queries/returns';
import { localDay, oneOf, urlFilters } from '@/lib/client/url-filters';
import { returnColumns } from './columns';

const DIRECTIONS = { incoming: 'Coming back to us', outgoing: 'Going back from us' } as const;
const STATUSES = { requested: 'Requested', returned: 'Returned', refused: 'Refused' } as const;

/**
 * Returns both ways: money asked back or given back by this namespace, and asked of it or given
 * to it. Filtered by direction, status and the day it was made (local days in the URL, as the
 * payments list keeps them), under the API's own names.
 */
export const ReturnsScreen = defineListScreen({
  title: 'Returns',
  description:
    'Payments asked back or given back, both ways: incoming returns bring money back to this namespace, outgoing ones send it back. A return request waits in the payee’s task queue.',
  filters: urlFilters({
    direction: {
      kind: oneOf(DIRECTIONS),
      label: 'Direction',
      id: 'returns-direction',
      options: DIRECTIONS,
      any: 'Both ways',
    },
    status: { kind: oneOf(STATUSES), label: 'Status', id: 'returns-status', options: STATUSES },
    created_from: { kind: localDay('start'), label: 'Made from', id: 'returns-created-from' },
    created_to: { kind: localDay('end'), label: 'Made to', id: 'returns-created-to' },
  }),
  query: returnQueries.list,
  rows: (d) => d.returns,
  columns: returnColumns,
  caption: 'Returns',
  limit: 20,
  empty: {
    none: 'No returns yet. Ask for a payment back from its page, or return one you received.',
    filtered: 'No returns match these filters.',
  },
  export: { path: '/returns/export', noun: 'returns' },
});
