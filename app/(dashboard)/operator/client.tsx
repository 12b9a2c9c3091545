'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { Link } from '@/components/ui/link';
import { LINK } from '@/components/ui/styles';
import { organizationQueries } from '@/lib/client/queries/operator';
import { oneOf, urlFilters } from '@/lib/client/url-filters';
import { organizationColumns } from './columns';
import { useOrgDecision } from './decision';

const STATUSES = { sandbox: 'Awaiting verification', verified: 'Verified', rejected: 'Rejected' } as const;

/** The network's organizations by status, those awaiting verification first; the operator decides. */
export const OrganizationsScreen = defineListScreen({
  title: 'Organizations',
  description: (
    <>
      Network figures, settlement cut-offs and the latest batches are on the{' '}
      <Link href="/operator/network" className={LINK}>
        Network
      </Link>{' '}
      page.
    </>
  ),
  filters: urlFilters({
    // Always one of them: those awaiting verification when the URL names none.
    status: {
      kind: oneOf(STATUSES, { fallback: 'sandbox' }),
      label: 'Status',
      id: 'status-filter',
      options: STATUSES,
      any: null,
    },
  }),
  query: organizationQueries.list,
  rows: (d) => d.organizations,
  caption: 'Organizations',
  limit: 20,
  empty: 'No organizations with this status.',
  useControls: () => useOrgDecision(),
  columns: ({ controls }) => organizationColumns(controls),
  after: ({ controls }) => controls.dialog,
});
