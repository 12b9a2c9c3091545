import { columnHelper } from '@/components/data-table/columns';
import { actionsColumn } from '@/components/data-table/actions-column';
import { positionText } from '@/components/liquidity/position-card';
import { UtilisationBar } from '@/components/liquidity/utilisation';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/client/format';
import type { NetworkLiquidityPosition } from '@/lib/client/queries/liquidity';
import { formatCount } from '@/lib/client/format';

const col = columnHelper<NetworkLiquidityPosition>();

/** What the operator does to a row. */
export interface DeskActions {
  setCap: (row: NetworkLiquidityPosition) => void;
  recordFunds: (row: NetworkLiquidityPosition) => void;
  history: (row: NetworkLiquidityPosition) => void;
}

const SMALL = 'block text-xs text-slate-600 dark:text-slate-400';

/** The cap under the balance: none, the cap, and what bounds it (the balance) or credit extended. */
function CapLines({ p }: { p: NetworkLiquidityPosition }) {
  if (p.cap === null)
    return <span className={SMALL}>{p.unlimited ? 'unlimited' : 'no cap: no net debit'}</span>;
  const bound = p.allow_unsecured
    ? 'unsecured credit'
    : p.limit !== null && p.limit !== p.cap
      ? `limit ${formatMoney(p.limit, p.currency)} (balance)`
      : null;
  return (
    <>
      <span className={SMALL}>cap {formatMoney(p.cap, p.currency)}</span>
      {bound ? <span className={SMALL}>{bound}</span> : null}
    </>
  );
}

/**
 * The desk's columns, two figures a cell so a row fits beside the sidebar: who, balance and cap,
 * position and headroom, the utilisation bar over the queue, and the operator's three actions.
 */
export function deskColumns(actions: DeskActions) {
  return col.columns([
    col.display({
      header: 'Participant',
      id: 'participant',
      cell: ({ row: { original: p } }) => (
        <div className="max-w-56 min-w-40">
          <span className="block font-medium">{p.partner_name}</span>
          <span className={SMALL}>{p.organization_name}</span>
          <code className={`${SMALL} break-words`}>{p.partner_domain}</code>
        </div>
      ),
    }),
    col.display({
      header: () => <span className="block text-right">Balance · cap</span>,
      id: 'balance',
      cell: ({ row: { original: p } }) => (
        <span className="block text-right whitespace-nowrap tabular-nums">
          {formatMoney(p.balance, p.currency)}
          <CapLines p={p} />
        </span>
      ),
    }),
    col.display({
      header: () => <span className="block text-right">Position · headroom</span>,
      id: 'position',
      cell: ({ row: { original: p } }) => (
        <span className="block text-right whitespace-nowrap tabular-nums">
          {positionText(p)}
          <span className={SMALL}>
            {p.headroom === null ? 'no limit' : `headroom ${formatMoney(p.headroom, p.currency)}`}
          </span>
        </span>
      ),
    }),
    col.display({
      header: 'Utilisation · queue',
      id: 'utilisation',
      cell: ({ row: { original: p } }) => (
        <div className="min-w-40">
          <UtilisationBar
            utilisation={p.utilisation}
            position={p.position}
            label={`${p.currency} utilisation of ${p.partner_name}`}
          />
          <span className={SMALL}>
            {p.queued_count === 0
              ? 'nothing queued'
              : `${formatCount(p.queued_count)} queued · ${formatMoney(p.queued_amount, p.currency)}`}
          </span>
        </div>
      ),
    }),
    ...actionsColumn<NetworkLiquidityPosition>((p) => {
      const who = `${p.partner_name} ${p.currency}`;
      const look = 'px-2 py-1 text-xs whitespace-nowrap';
      return (
        <div className="flex flex-col gap-1">
          <Button
            variant="secondary"
            className={look}
            onClick={() => actions.setCap(p)}
            aria-label={`Set cap of ${who}`}
          >
            Set cap
          </Button>
          <Button
            variant="secondary"
            className={look}
            onClick={() => actions.recordFunds(p)}
            aria-label={`Record funds of ${who}`}
          >
            Record funds
          </Button>
          <Button
            variant="secondary"
            className={look}
            onClick={() => actions.history(p)}
            aria-label={`History of ${who}`}
          >
            History
          </Button>
        </div>
      );
    }),
  ]);
}
