'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { formatMoney } from '@/lib/domain/money';
import { positionsQuery, type LiquidityPosition } from '@/lib/client/queries/liquidity';
import { namespaceQueries } from '@/lib/client/queries/namespaces';
import { utilisationLevel } from '@/components/liquidity/utilisation';
import { useNamespace } from '@/lib/client/namespace';

const LOOK = {
  warning: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  danger: 'bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50',
} as const;

/** "91 %", "90.6 %": one decimal when it says something. */
const percent = (u: number) => `${Number.isInteger(u) ? u : u.toFixed(1)} %`;

function sentence(p: LiquidityPosition): string {
  // The limit is the cap unless a secured cap is above the balance: then the balance bounds it.
  const of = p.limit === p.cap ? `the ${p.currency} cap` : `the ${p.currency} limit (the settlement balance)`;
  return `Net debit position at ${percent(p.utilisation!)} of ${of} — headroom ${formatMoney(p.headroom ?? '0', p.currency)}.`;
}

/**
 * The selected namespace's warning, on every page, when its net debit position reaches 75 % of its
 * limit in a currency (amber) or 90 % (red). Fed by the cached `GET /liquidity` (read again on focus
 * and every minute); the namespace's on_cap, which the last sentence names, is read only then.
 */
export default function LiquidityBanner({ partnerId }: { partnerId: string }) {
  const ns = useNamespace();
  const positions = useQuery(positionsQuery(partnerId));
  const near = (positions.data?.positions ?? [])
    .filter((p) => utilisationLevel(p.utilisation) !== 'ok')
    .sort((a, b) => b.utilisation! - a.utilisation!);
  const namespace = useQuery({ ...namespaceQueries.detail(ns, partnerId), enabled: near.length > 0 });
  if (near.length === 0) return null;
  const level = utilisationLevel(near[0]!.utilisation) === 'danger' ? 'danger' : 'warning';
  const onCap = namespace.data?.on_cap;
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
        {onCap === 'queue'
          ? 'Payments past it wait in the liquidity queue until headroom returns.'
          : onCap === 'reject'
            ? 'Payments past it are rejected.'
            : 'Payments past it are rejected or queued, as the namespace’s settings say.'}{' '}
        <Link href="/liquidity" className="font-medium underline">
          See liquidity
        </Link>
      </p>
    </div>
  );
}
