import type { DecisionControls } from '../decision';
import { columnHelper } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import { when } from '@/lib/client/format';
import type { AccountsForReviewResponse } from '@/lib/schemas/accounts';

/** A production account waiting for the operator's verification, with whose it is. */
export type AwaitingAccount = AccountsForReviewResponse['accounts'][number];

const col = columnHelper<AwaitingAccount>();

/** The review queue's columns: the account, whose it is, and the operator's decision. */
export function reviewColumns({ open, isPending }: DecisionControls<AwaitingAccount>) {
  return col.columns([
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
}
