import { columnHelper } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatLocalDay, when } from '@/lib/client/time';
import { FLAGS, keyHygiene, type ApiKey } from './key-types';
import { actionsColumn } from '@/components/data-table/actions-column';
import { RowMenu } from '@/components/data-table/row-menu';
import { timeCell } from '@/components/data-table/cells';

const col = columnHelper<ApiKey>();

/** What the keys table needs: the time its flags are judged at, and the admin's actions. */
export interface ApiKeyColumnsOf {
  now: number;
  toggling: boolean;
  revoking: boolean;
  edit: (k: ApiKey) => void;
  rotate: (k: ApiKey) => void;
  toggle: (k: ApiKey) => void;
  revoke: (k: ApiKey) => void;
}

/** The API keys table's columns (the screen is for admins only). */
export function apiKeyColumns(a: ApiKeyColumnsOf) {
  return col.columns([
    col.accessor('name', { header: 'Name' }),
    col.accessor('secret_key', {
      header: 'Secret',
      cell: (c) => <code className="text-xs">{c.getValue()}</code>,
    }),
    col.display({
      header: 'Access',
      id: 'access',
      cell: ({ row }) => FLAGS.filter((f) => row.original.access[f]).join(', ') || 'none',
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => {
        const k = row.original;
        const flags = keyHygiene(k, a.now);
        return (
          <span className="flex flex-wrap gap-1">
            {k.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="slate">Disabled</Badge>}
            {flags.expired ? <Badge tone="red">Expired</Badge> : null}
            {flags.expiresSoon ? (
              <Badge tone="amber">Expires {formatLocalDay(new Date(k.expires_at! * 1000))}</Badge>
            ) : null}
            {flags.unused ? <Badge tone="amber">Unused 90+ days</Badge> : null}
            {/* The secret a rotation replaced, while it still works (a roll with an overlap). */}
            {k.previous_secret_key && k.previous_secret_expires_at ? (
              <span className="basis-full text-xs text-amber-800 dark:text-amber-300">
                Old secret <code>{k.previous_secret_key}</code> works until{' '}
                {when(k.previous_secret_expires_at)}
              </span>
            ) : null}
          </span>
        );
      },
    }),
    col.display({
      header: 'Last used',
      id: 'last-used',
      cell: ({ row }) => (row.original.last_used_at ? timeCell(row.original.last_used_at) : 'Never'),
    }),
    col.display({
      header: 'Expires',
      id: 'expires',
      // Its day here, the time on hover; "Never" for a key without one (set in the edit dialog).
      cell: ({ row }) => {
        const at = row.original.expires_at;
        if (!at) return 'Never';
        return (
          <span className="whitespace-nowrap" title={when(at)}>
            {formatLocalDay(new Date(at * 1000))}
          </span>
        );
      },
    }),
    col.display({
      header: 'Created',
      id: 'created',
      // Read in the browser (the list is fetched there): the reader's zone, named.
      cell: ({ row }) => timeCell(row.original.created_at.seconds),
    }),
    // Edit beside a menu of the rest: the row keeps the width of two buttons at any screen width.
    ...actionsColumn<ApiKey>((k) => (
      <>
        <Button variant="secondary" onClick={() => a.edit(k)} aria-label={`Edit ${k.name}`}>
          Edit
        </Button>
        <RowMenu
          label={`More actions for ${k.name}`}
          items={[
            { label: 'Rotate…', onSelect: () => a.rotate(k) },
            { label: k.enabled ? 'Disable' : 'Enable', disabled: a.toggling, onSelect: () => a.toggle(k) },
            { label: 'Revoke…', danger: true, disabled: a.revoking, onSelect: () => a.revoke(k) },
          ]}
        />
      </>
    )),
  ]);
}
