import { CellLink } from '@/components/data-table/cell-link';
import { columnHelper } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { formatLocal } from '@/lib/client/time';
import type { RequestLog } from '@/lib/client/queries/request-logs';
import { LINK } from '@/components/ui/styles';

const col = columnHelper<RequestLog>();

/** A status word's colour: success green, a refusal amber, a server error red. */
export function StatusBadge({ status }: { status: number }) {
  return <Badge tone={status >= 500 ? 'red' : status >= 400 ? 'amber' : 'green'}>{status}</Badge>;
}

/** Who made it: an API key's name, or a user's e-mail (and whether through the dashboard). */
export const whoText = (e: RequestLog) =>
  e.credential_kind === 'api_key'
    ? `${e.actor} (API key)`
    : e.source === 'dashboard'
      ? `${e.actor} (dashboard)`
      : e.actor;

/** The request log's columns; a click on a path or a credential filters by it. */
export function requestLogColumns(
  filterBy: (f: { path?: string; credential?: string; source?: RequestLog['source'] }) => void,
) {
  return col.columns([
    col.display({
      header: 'Time',
      id: 'at',
      cell: ({ row }) => (
        <CellLink
          href={`/logs/${encodeURIComponent(row.original.request_id)}`}
          className={`whitespace-nowrap ${LINK}`}
        >
          {formatLocal(new Date(row.original.at_ms))}
        </CellLink>
      ),
    }),
    col.display({
      header: 'Request',
      id: 'request',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-mono text-xs">
            <span className="font-semibold">{row.original.method}</span>{' '}
            <button
              type="button"
              className={`break-all ${LINK}`}
              title="Show only this path"
              onClick={() => filterBy({ path: row.original.path })}
            >
              {row.original.path}
            </button>
          </span>
          {row.original.error_code ? (
            <span className="text-xs text-slate-600 dark:text-slate-400">{row.original.error_code}</span>
          ) : null}
        </span>
      ),
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge status={row.original.status} />
          {row.original.replayed ? <Badge tone="slate">replayed</Badge> : null}
        </span>
      ),
    }),
    col.display({
      header: 'Latency',
      id: 'latency',
      cell: ({ row }) => <span className="tabular-nums whitespace-nowrap">{row.original.latency_ms} ms</span>,
    }),
    col.display({
      header: 'Key or user',
      id: 'who',
      cell: ({ row }) => (
        <button
          type="button"
          className={`text-left ${LINK}`}
          title="Show only this key or user"
          onClick={() => filterBy({ credential: row.original.credential, source: row.original.source })}
        >
          {whoText(row.original)}
        </button>
      ),
    }),
    col.display({
      header: 'Idempotency key',
      id: 'idempotency',
      cell: ({ row }) => (
        <span className="font-mono text-xs break-all">{row.original.idempotency_key ?? '—'}</span>
      ),
    }),
    col.display({
      header: 'Request id',
      id: 'request-id',
      cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.request_id}</span>,
    }),
  ]);
}
