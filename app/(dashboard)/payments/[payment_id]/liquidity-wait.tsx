'use client';

import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Link } from '@/components/ui/link';
import { LocalTime } from '@/components/ui/local-time';
import { LINK } from '@/components/ui/styles';
import { formatMoney } from '@/lib/client/format';
import { useNamespace } from '@/lib/client/namespace';
import { positionsQuery } from '@/lib/client/queries/liquidity';
import type { Amount } from '@/lib/schemas/payments';

/** "Queued for liquidity": the payment's status word beside "Pending" while it waits. */
export function QueuedBadge() {
  return <Badge tone="amber">Queued for liquidity</Badge>;
}

/**
 * A payment waiting in the debtor's liquidity queue (DESIGN §11: every task completed, but it did
 * not fit under the debtor's net debit cap): since when, and what it waits for. The debtor's side
 * reads its own position (`GET /liquidity`): the headroom left against what the payment needs, its
 * queue, and the link to it. The beneficiary's side may not read another namespace's position, so
 * it is told whose queue holds the payment and what releases it, no figures.
 */
export function LiquidityWait({
  queuedAt,
  expiresAt,
  amount,
  debtorSide,
  debtor,
}: {
  queuedAt: number;
  expiresAt: number;
  amount: Amount;
  debtorSide: boolean;
  /** The debtor's namespace, by its domain. */
  debtor: string;
}) {
  const ns = useNamespace();
  const positions = useQuery({ ...positionsQuery(ns), enabled: debtorSide && ns !== null });
  const position = positions.data?.positions.find((p) => p.currency === amount.currency);
  const money = (minor: string) => formatMoney(minor, amount.currency);
  return (
    <section
      aria-label="Liquidity queue"
      data-testid="liquidity-wait"
      className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <p>
        <QueuedBadge /> since <LocalTime seconds={queuedAt} />: every task is done, but it did not fit under{' '}
        {debtorSide ? 'this namespace’s' : `${debtor}’s`} net debit cap.
      </p>
      {debtorSide ? (
        <p data-testid="liquidity-headroom">
          {position && position.headroom !== null
            ? `It needs ${money(amount.total)} of headroom; ${money(position.headroom)} is left now under the limit of ${money(position.limit ?? '0')}. ${position.queued_count} payment${position.queued_count === 1 ? '' : 's'} (${money(position.queued_amount)}) wait${position.queued_count === 1 ? 's' : ''} in the queue, oldest first.`
            : positions.isError
              ? 'The headroom could not be read.'
              : 'Reading the headroom…'}{' '}
          <Link href="/liquidity" className={LINK}>
            See the liquidity queue
          </Link>
        </p>
      ) : null}
      <p>
        It is admitted as soon as {debtorSide ? 'the' : `${debtor}’s`} headroom allows — after a cut-off,
        funds in, a higher cap or an incoming payment — or expires at <LocalTime seconds={expiresAt} />.
      </p>
    </section>
  );
}
