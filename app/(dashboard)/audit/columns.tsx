import type { ListOrder } from '@/lib/client/use-list-order';
import { columnHelper } from '@/components/data-table/columns';
import { sortableHeader } from '@/components/data-table/sort-header';
import { Button } from '@/components/ui/button';
import { auditActionLabel } from '@/lib/domain/audit';
import { formatLocal } from '@/lib/client/time';
import type { AuditEvent } from '@/lib/client/queries/audit';
import { LINK } from '@/components/ui/styles';

const col = columnHelper<AuditEvent>();

/** Who changed it: a person, an API key, or someone not signed in (a failed sign-in). */
export const actorText = (e: AuditEvent) =>
  e.actor.kind === 'apikey'
    ? `${e.actor.label} (API key)`
    : e.actor.kind === 'anonymous'
      ? `${e.actor.label} (not signed in)`
      : e.actor.label;

export interface AuditColumnsOf {
  order: ListOrder;
  /** Narrows the trail to an actor or a target (a click on one). */
  filterBy: (f: { actor?: string; target?: string }) => void;
  /** The entry whose details are open, and opening (or closing, null) one. */
  selectedId: string | null;
  select: (token: string | null) => void;
}

/** The audit trail's columns: its order by time, and a click on an actor or target filters by it. */
export function auditColumns({ order, filterBy, selectedId, select }: AuditColumnsOf) {
  return col.columns([
    col.display({
      header: sortableHeader(order, 'when', 'When'),
      id: 'when',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatLocal(new Date(row.original.occurred_at_ms))}</span>
      ),
    }),
    col.display({
      header: 'Who',
      id: 'actor',
      cell: ({ row }) => (
        <button
          type="button"
          className={`text-left ${LINK}`}
          title="Show only this actor"
          onClick={() => filterBy({ actor: row.original.actor.label })}
        >
          {actorText(row.original)}
        </button>
      ),
    }),
    col.display({
      header: 'What',
      id: 'action',
      cell: ({ row }) => auditActionLabel(row.original.action),
    }),
    col.display({
      header: 'Target',
      id: 'target',
      cell: ({ row }) =>
        row.original.target.id ? (
          <button
            type="button"
            className={`font-mono text-xs ${LINK}`}
            title="Show only this target"
            onClick={() => filterBy({ target: row.original.target.id! })}
          >
            {row.original.target.id}
          </button>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{row.original.target.type}</span>
        ),
    }),
    col.display({
      header: '',
      id: 'details',
      cell: ({ row }) => (
        <Button
          type="button"
          variant="secondary"
          aria-pressed={row.original.token === selectedId}
          onClick={() => select(row.original.token === selectedId ? null : row.original.token)}
        >
          Details
        </Button>
      ),
    }),
  ]);
}
