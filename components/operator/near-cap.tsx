'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { UtilisationBar } from '@/components/liquidity/utilisation';
import { FormAlert } from '@/components/ui/form-alert';
import { LINK } from '@/components/ui/styles';
import { formatMoney } from '@/lib/client/format';
import { networkLiquidityQuery } from '@/lib/client/queries/liquidity';
import { DEFAULT_THRESHOLDS } from '@/lib/domain/liquidity';
import { useNamespace } from '@/lib/client/namespace';

const NEAR = DEFAULT_THRESHOLDS[1];

/**
 * The participants at 90 % or more of their limit in a currency: the desk's first page (highest
 * utilisation first, so they all are on it unless more than a page of them are), each linking to
 * the desk with its history open.
 */
export function NearCapList() {
  const ns = useNamespace();
  const list = useQuery(networkLiquidityQuery(ns, { limit: 20 }));
  if (list.isError) return <FormAlert message={(list.error as Error).message} />;
  if (!list.data) return <p className="text-sm text-slate-600 dark:text-slate-400">Reading positions…</p>;
  const near = list.data.positions.filter((p) => p.utilisation !== null && p.utilisation >= NEAR);
  return (
    <div className="flex flex-col gap-2" data-testid="near-cap">
      <h3 className="text-sm font-medium">Participants at {NEAR} % or more of their net debit limit</h3>
      {near.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          None: every participant is below {NEAR} %.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`Participants at ${NEAR} % or more of their limit`}>
          {near.map((p) => (
            <li
              key={`${p.partner_id}/${p.currency}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
            >
              <Link
                className={`min-w-48 ${LINK}`}
                href={`/operator/liquidity?${new URLSearchParams({ currency: p.currency, history: p.partner_id })}`}
              >
                {p.partner_name} ({p.organization_name}) · {p.currency}
              </Link>
              <UtilisationBar
                utilisation={p.utilisation}
                position={p.position}
                label={`${p.currency} utilisation of ${p.partner_name}`}
                className="w-56"
              />
              <span className="text-slate-600 dark:text-slate-400">
                headroom {formatMoney(p.headroom ?? '0', p.currency)}
                {p.queued_count > 0 ? ` · ${p.queued_count} queued` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.data.has_more && near.length === list.data.positions.length ? (
        <Link className={`text-sm ${LINK}`} href="/operator/liquidity">
          More on the liquidity desk
        </Link>
      ) : null}
    </div>
  );
}
