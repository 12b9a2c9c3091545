import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import { LINK } from '@/components/ui/styles';
import type { Account } from './account';
import { actionsColumn } from '@/components/data-table/actions-column';

const col = columnHelper<Account>();

/** What an admin does to a row: verify it, or ask to delete it; `busy` while one is under way. */
export interface AccountActions {
  busy: boolean;
  verify: (a: Account) => void;
  remove: (a: Account) => void;
}

/** The accounts table's columns; the actions column only for those who may change accounts. */
export function accountColumns(actions: AccountActions | null) {
  return col.columns([
    col.accessor('account_title', {
      header: 'Title',
      cell: ({ row }) => (
        <CellLink href={`/accounts/${encodeURIComponent(row.original.token)}`} className={LINK}>
          {row.original.account_title}
        </CellLink>
      ),
    }),
    col.accessor('masked_account_number', { header: 'Number' }),
    col.accessor('routing_number', { header: 'Routing' }),
    col.accessor('type', { header: 'Type' }),
    col.accessor('status', { header: 'Status' }),
    // Changes are for admins; everyone else reads.
    ...actionsColumn<Account>(
      actions &&
        ((a) =>
          a.status === 'deleted' ? null : (
            <>
              {a.status === 'unverified' ? (
                <Button variant="secondary" disabled={actions.busy} onClick={() => actions.verify(a)}>
                  Verify
                </Button>
              ) : null}
              <Button
                variant="danger"
                disabled={actions.busy}
                aria-label={`Delete ${a.account_title}`}
                onClick={() => actions.remove(a)}
              >
                Delete
              </Button>
            </>
          )),
    ),
  ]);
}
