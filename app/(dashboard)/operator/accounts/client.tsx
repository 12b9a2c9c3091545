'use client';

import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { usePaging } from '@/lib/client/use-url-state';
import { useOperatorDecision } from '../decision';
import { PageTitle } from '@/components/ui/page-title';
import { reviewColumns, type AwaitingAccount } from './columns';
import { accountReviewQueries } from '@/lib/client/queries/operator';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

/** The operator's queue of production accounts to verify, oldest first; each decision needs a note. */
export function AccountsReview() {
  const ns = useNamespace();
  const paging = usePaging();
  const query = useQuery(accountReviewQueries.list(ns, { limit: LIMIT, ...paging.query }));
  const { open, dialog, isPending } = useOperatorDecision<AwaitingAccount>({
    noun: 'account',
    name: (a) => a.account_title,
    key: (a) => a.token,
    path: (a, verb) => `/operator/accounts/${a.token}/${verb}`,
    consequence: (a, verb) =>
      `${
        verb === 'reject'
          ? 'The account stays unverified and leaves this queue; the organization adds a corrected one.'
          : 'Settlement may then use this account.'
      } ${a.organization.name} · ${a.namespace.domain}`,
    done: (a, verb) =>
      `${a.account_title} (${a.namespace.domain}) ${verb === 'verify' ? 'verified' : 'rejected'}`,
    invalidates: accountReviewQueries.keys.all,
  });
  const columns = reviewColumns({ open, isPending });
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          <>
            Settlement accounts of production namespaces, oldest first. Sandbox namespaces verify their own.
          </>
        }
      >
        Accounts to verify
      </PageTitle>
      <DataTable
        caption="Accounts awaiting verification"
        columns={columns}
        data={query.data?.accounts ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No account is waiting for verification."
      />
      {dialog}
    </div>
  );
}
