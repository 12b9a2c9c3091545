import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { AccountsForReviewResponse } from '@/lib/schemas/accounts';
import type { Organization, OrganizationReview } from '@/lib/schemas/organizations';
import { resourceQueries } from './resource';

/** The network's organizations (the operator's list, by status) and one organization's review. */
export const organizationQueries = resourceQueries<Organization, 'organizations'>(
  'organizations',
  '/operator/organizations',
);
export const organizationReviewQuery = (ns: string | null, orgId: string) =>
  queryOptions({
    queryKey: organizationQueries.keys.of(ns, { id: orgId, part: 'review' }),
    queryFn: () =>
      apiFetch<OrganizationReview>(`/operator/organizations/${encodeURIComponent(orgId)}`, { partner: ns }),
    retry: false,
  });

/** Production accounts waiting for the operator's verification. */
export const accountReviewQueries = resourceQueries<
  AccountsForReviewResponse['accounts'][number],
  'accounts'
>('operator-accounts', '/operator/accounts');
