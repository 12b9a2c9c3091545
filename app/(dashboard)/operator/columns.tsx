import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import { when } from '@/lib/client/format';
import type { DecisionControls, Org } from './decision';
import { LINK } from '@/components/ui/styles';

const col = columnHelper<Org>();

/** The organizations list's columns; a sandbox organization gets the verify and reject buttons. */
export function organizationColumns(decision: DecisionControls<Org>) {
  return col.columns([
    col.accessor('name', {
      header: 'Organization',
      cell: ({ row }) => (
        <CellLink href={`/operator/organizations/${encodeURIComponent(row.original.token)}`} className={LINK}>
          {row.original.name}
        </CellLink>
      ),
    }),
    col.accessor('status', { header: 'Status' }),
    col.display({
      header: 'Signed up',
      id: 'created',
      cell: ({ row }) => when(row.original.created_at.seconds),
    }),
    col.accessor('decision_note', {
      header: 'Note',
      cell: (c) => c.getValue() ?? '',
    }),
    col.display({
      header: 'Decision',
      id: 'actions',
      cell: ({ row }) =>
        row.original.status === 'sandbox' ? (
          <div className="flex gap-2">
            <Button
              disabled={decision.isPending}
              onClick={() => decision.open(row.original, 'verify')}
              aria-label={`Verify ${row.original.name}`}
            >
              Verify
            </Button>
            <Button
              variant="danger"
              disabled={decision.isPending}
              onClick={() => decision.open(row.original, 'reject')}
              aria-label={`Reject ${row.original.name}`}
            >
              Reject
            </Button>
          </div>
        ) : null,
    }),
  ]);
}
