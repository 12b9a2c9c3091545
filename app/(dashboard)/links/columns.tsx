import { columnHelper } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import type { Link } from './link';
import { actionsColumn } from '@/components/data-table/actions-column';

const col = columnHelper<Link>();

export type Action = 'accept' | 'reject' | 'suspend' | 'resume';

/** What an admin does to a row, seen from the selected namespace (`mine`); `busy` while under way. */
export interface LinkActions {
  mine: string | null;
  busy: boolean;
  act: (l: Link, action: Action) => void;
}

/**
 * The links table's columns; the actions column only for those who may change links. Only the
 * proposed counterparty accepts or rejects, and a row's buttons name the other side of the link.
 */
export function linkColumns(actions: LinkActions | null) {
  const other = (l: Link) =>
    l.requester_partner_id === actions?.mine ? l.counterparty_domain : l.requester_domain;
  const allowed = (l: Link): Action[] => {
    if (l.status === 'proposed')
      return l.counterparty_partner_id === actions?.mine ? ['accept', 'reject'] : [];
    if (l.status === 'established') return ['suspend'];
    if (l.status === 'suspended') return ['resume'];
    return [];
  };
  return col.columns([
    col.accessor('requester_domain', { header: 'Requester' }),
    col.accessor('counterparty_domain', { header: 'Counterparty' }),
    col.accessor('status', { header: 'Status' }),
    // Changes are for admins; everyone else reads.
    ...actionsColumn<Link>(
      actions &&
        ((l) => (
          <>
            {allowed(l).map((a) => (
              <Button
                key={a}
                variant={a === 'reject' ? 'danger' : 'secondary'}
                disabled={actions.busy}
                onClick={() => actions.act(l, a)}
                aria-label={`${a} link with ${other(l)}`}
              >
                {a[0]!.toUpperCase() + a.slice(1)}
              </Button>
            ))}
          </>
        )),
    ),
  ]);
}
