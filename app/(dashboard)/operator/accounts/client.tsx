'use client';

import { useQuery } from '@tanstack/react-query';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { apiFetch } from '@/lib/client/api';
import { when } from '@/lib/client/format';
import type { ListPage } from '@/lib/client/list-page';
import { usePaging } from '@/lib/client/use-url-state';
import { useOperatorDecision } from '../decision';
import { PageTitle } from '@/components/ui/page-title';
import type { AccountsForReviewResponse } from '@/lib/schemas/accounts';

type AwaitingAccount = AccountsForReviewResponse['accounts'][number];
const col = columnHelper<AwaitingAccount>();
const LIMIT = 20;

/** The operator's queue of production accounts to verify, oldest first; each decision needs a note. */
export function AccountsReview() {
  const paging = usePaging();
  const query = useQuery({
    queryKey: ['operator-accounts', { cursor: paging.cursor }],
    queryFn: () =>
      apiFetch<ListPage & { accounts: AwaitingAccount[] }>(
        `/operator/accounts?limit=${LIMIT}${paging.param}`,
      ),
  });
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
    invalidates: 'operator-accounts',
  });
  const columns = col.columns([
    col.display({
      header: 'Account',
      id: 'account',
      cell: ({ row: { original: a } }) => (
        <div>
          <p className="font-medium">{a.account_title}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {a.type} {a.masked_account_number} · routing {a.routing_number} · {a.institution.name}
          </p>
        </div>
      ),
    }),
    col.display({
      header: 'Organization',
      id: 'org',
      cell: ({ row: { original: a } }) => (
        <div>
          <p>{a.organization.name}</p>
          <code className="text-xs">{a.namespace.domain}</code>
        </div>
      ),
    }),
    col.display({ header: 'Added', id: 'added', cell: ({ row }) => when(row.original.created_at.seconds) }),
    col.display({
      header: 'Decision',
      id: 'actions',
      cell: ({ row: { original: a } }) => (
        <div className="flex gap-2">
          <Button
            disabled={isPending}
            onClick={() => open(a, 'verify')}
            aria-label={`Verify ${a.account_title}`}
          >
            Verify…
          </Button>
          <Button
            variant="danger"
            disabled={isPending}
            onClick={() => open(a, 'reject')}
            aria-label={`Reject ${a.account_title}`}
          >
            Reject…
          </Button>
        </div>
      ),
    }),
  ]);
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
