'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { formatMoney, formatUtilisation } from '@/lib/domain/money';
import { positionsQuery, type LiquidityPosition, type PositionList } from '@/lib/client/queries/liquidity';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { utilisationLevel } from '@/components/liquidity/utilisation';
import { useNamespace } from '@/lib/client/namespace';

const LOOK = {
  warning: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  danger: 'bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50',
} as const;

function sentence(p: LiquidityPosition): string {
  // The limit is the cap unless a secured cap is above the balance: then the balance bounds it.
  const of = p.limit === p.cap ? `the ${p.currency} cap` : `the ${p.currency} limit (the settlement balance)`;
  return `Net debit position at ${formatUtilisation(p.utilisation)} of ${of} — headroom ${formatMoney(p.headroom ?? '0', p.currency)}.`;
}

/**
 * The selected namespace's warning, on every page, when its net debit position reaches 75 % of its
 * limit in a currency (amber) or 90 % (red), and what happens past it (the answer's `on_cap`). Fed
 * by the cached `GET /liquidity` (read again on focus and every minute).
 */
export default function LiquidityBanner({
  partnerId,
  initial,
}: {
  partnerId: string;
  /** The positions as the layout read them (`initialFrom`: only while that namespace is selected). */
  initial: ServerRead<PositionList> | null;
}) {
  const ns = useNamespace();
  const positions = useQuery({ ...positionsQuery(partnerId), initialData: initialFrom(ns, initial) });
  const near = (positions.data?.positions ?? [])
    .filter((p) => utilisationLevel(p.utilisation) !== 'ok')
    .sort((a, b) => b.utilisation! - a.utilisation!);
  if (near.length === 0) return null;
  const level = utilisationLevel(near[0]!.utilisation) === 'danger' ? 'danger' : 'warning';
  return (
    <div
      role={level === 'danger' ? 'alert' : 'status'}
      data-testid="liquidity-banner"
      data-level={level}
      className={`px-4 py-2 text-sm lg:px-6 ${LOOK[level]}`}
    >
      {near.map((p) => (
        <p key={p.currency}>{sentence(p)}</p>
      ))}
      <p>
        {positions.data?.on_cap === 'queue'
          ? 'Payments past it wait in the liquidity queue until headroom returns.'
          : 'Payments past it are rejected.'}{' '}
        <Link href="/liquidity" className="font-medium underline">
          See liquidity
        </Link>
      </p>
    </div>
  );
}
