import { columnHelper } from '@/components/data-table/columns';
import { timeCell } from '@/components/data-table/cells';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { browserName } from '@/lib/client/user-agent';
import type { Session } from '@/lib/schemas/sessions';

const col = columnHelper<Session>();

/** The sessions table's columns; `end` asks to sign one (not this browser's) out. */
export function sessionColumns(end: (s: Session) => void) {
  return col.columns([
    col.display({
      header: 'Browser',
      id: 'browser',
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span title={row.original.user_agent ?? undefined}>{browserName(row.original.user_agent)}</span>
          {row.original.current ? <Badge tone="green">This browser</Badge> : null}
        </span>
      ),
    }),
    col.display({ header: 'Address', id: 'ip', cell: ({ row }) => row.original.ip ?? '—' }),
    col.display({
      header: 'Signed in',
      id: 'created',
      cell: ({ row }) => timeCell(row.original.created_at),
    }),
    col.display({
      header: 'Last active',
      id: 'used',
      cell: ({ row }) => timeCell(row.original.last_used_at),
    }),
    col.display({
      header: '',
      id: 'end',
      cell: ({ row }) =>
        row.original.current ? null : (
          <Button type="button" variant="secondary" onClick={() => end(row.original)}>
            Sign out
          </Button>
        ),
    }),
  ]);
}
