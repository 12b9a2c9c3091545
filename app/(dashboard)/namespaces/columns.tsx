import { columnHelper } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import type { Namespace } from './namespace';
import { actionsColumn } from '@/components/data-table/actions-column';
import { thresholdText } from './settings-units';

const col = columnHelper<Namespace>();

/** 86400 → "1 d", 5400 → "90 min". */
const duration = (s: number) =>
  s % 86400 === 0
    ? `${s / 86400} d`
    : s % 3600 === 0
      ? `${s / 3600} h`
      : s % 60 === 0
        ? `${s / 60} min`
        : `${s} s`;
/** What an admin does to a row: enable or disable it, open its settings; `busy` while under way. */
export interface NamespaceActions {
  busy: boolean;
  toggle: (n: Namespace) => void;
  edit: (n: Namespace) => void;
}

/** The namespaces table's columns; the actions column only for those who may change namespaces. */
export function namespaceColumns(actions: NamespaceActions | null) {
  return col.columns([
    col.accessor('name', { header: 'Name' }),
    col.accessor('domain', {
      header: 'Domain',
      cell: (c) => <code className="text-xs">{c.getValue()}</code>,
    }),
    col.accessor('environment', { header: 'Environment' }),
    col.accessor('enabled', { header: 'Status', cell: (c) => (c.getValue() ? 'Enabled' : 'Disabled') }),
    col.accessor('payment_ttl_seconds', { header: 'Payment TTL', cell: (c) => duration(c.getValue()) }),
    col.accessor('review_threshold', {
      header: 'Review from',
      cell: (c) => <span className="tabular-nums">{thresholdText(c.getValue())}</span>,
    }),
    col.accessor('four_eyes_threshold', {
      header: 'Four eyes',
      cell: ({ row: { original: n } }) =>
        n.four_eyes_threshold === null
          ? 'Off'
          : `From ${thresholdText(n.four_eyes_threshold)}, ${n.four_eyes_approvals} approver${n.four_eyes_approvals > 1 ? 's' : ''}`,
    }),
    col.accessor('on_cap', {
      header: 'Past the cap',
      cell: (c) => (c.getValue() === 'queue' ? 'Queue' : 'Reject'),
    }),
    // Changes are for admins; everyone else reads.
    ...actionsColumn<Namespace>(
      actions &&
        ((n) => (
          <>
            <Button
              variant="secondary"
              disabled={actions.busy}
              onClick={() => actions.toggle(n)}
              aria-label={`${n.enabled ? 'Disable' : 'Enable'} ${n.domain}`}
            >
              {n.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => actions.edit(n)}
              aria-label={`Settings of ${n.domain}`}
            >
              Settings
            </Button>
          </>
        )),
    ),
  ]);
}
