import { Badge } from '@/components/ui/badge';
import { CARD, TERM } from '@/components/ui/styles';
import { formatMoney, formatPosition } from '@/lib/client/format';
import type { LiquidityPosition } from '@/lib/client/queries/liquidity';
import { UtilisationBar, utilisationLevel } from './utilisation';
import { formatCount } from '@/lib/client/format';

/** The cap as a reader needs it: none, the cap, and what bounds it below when the balance does. */
export function capText(
  p: Pick<LiquidityPosition, 'cap' | 'unlimited' | 'limit' | 'allow_unsecured' | 'currency'>,
): string {
  if (p.cap === null) return p.unlimited ? 'Unlimited' : 'No cap: no net debit';
  const cap = formatMoney(p.cap, p.currency);
  if (p.allow_unsecured) return `${cap} (unsecured credit allowed)`;
  if (p.limit !== null && p.limit !== p.cap)
    return `${cap}, limited to the balance: ${formatMoney(p.limit, p.currency)}`;
  return cap;
}

/** "USD 1,228.95 (net debit)", "USD 20.00 (net credit)". */
export const positionText = (p: Pick<LiquidityPosition, 'position' | 'currency'>) =>
  formatPosition(p.position, p.currency);

/**
 * One currency of the namespace: balance placed with the settlement agent, the operator's cap,
 * the net debit position of admitted unsettled payments, the headroom left, what waits in the
 * queue, and the utilisation as a bar.
 */
export function PositionCard({ p }: { p: LiquidityPosition }) {
  const level = utilisationLevel(p.utilisation);
  const id = `liquidity-${p.currency}`;
  const item = (term: string, value: string, key: string) => (
    <div className="min-w-0">
      <dt className={TERM}>{term}</dt>
      <dd className="mt-0.5 text-sm font-medium tabular-nums" data-testid={`${p.currency}-${key}`}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby={id} className={`${CARD} flex flex-col gap-3`} data-testid={id}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {p.currency}
        </h2>
        {level === 'danger' ? (
          <Badge tone="red">Near the limit</Badge>
        ) : level === 'warning' ? (
          <Badge tone="amber">Approaching the limit</Badge>
        ) : null}
      </div>
      <UtilisationBar
        utilisation={p.utilisation}
        position={p.position}
        label={`${p.currency} utilisation of the limit`}
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {item('Balance', formatMoney(p.balance, p.currency), 'balance')}
        {item('Net debit cap', capText(p), 'cap')}
        {item('Position', positionText(p), 'position')}
        {item('Headroom', p.headroom === null ? 'No limit' : formatMoney(p.headroom, p.currency), 'headroom')}
        {item(
          'Queued',
          `${formatCount(p.queued_count)} payment${p.queued_count === 1 ? '' : 's'} · ${formatMoney(p.queued_amount, p.currency)}`,
          'queued',
        )}
      </dl>
    </section>
  );
}
