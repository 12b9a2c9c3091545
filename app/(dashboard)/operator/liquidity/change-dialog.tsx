'use client';

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TERM } from '@/components/ui/styles';
import { formatMoney } from '@/lib/client/format';
import type { NetworkLiquidityPosition } from '@/lib/client/queries/liquidity';

/** "USD 18,771.05", or "no limit" for a position without one. */
export const headroomText = (minor: bigint | string | null, currency: string) =>
  minor === null ? 'no limit' : formatMoney(minor, currency);

/**
 * The frame of the desk's two changes: a modal naming the participant and the currency, its
 * figures now, then the form — or, once the form is filled, what the change will do (`review`),
 * to confirm before anything is sent.
 */
export function ChangeDialog({
  row,
  title,
  onClose,
  review,
  confirmLabel,
  busy,
  onBack,
  onConfirm,
  children,
}: {
  row: NetworkLiquidityPosition;
  title: string;
  onClose: () => void;
  /** The effect to confirm; null while the form is shown. */
  review: string[] | null;
  confirmLabel: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
  children: React.ReactNode;
}) {
  const titleId = useId();
  const c = row.currency;
  return (
    <Modal onClose={onClose} labelledBy={titleId} className="max-h-[90dvh] max-w-2xl overflow-y-auto p-6">
      <div className="flex flex-col gap-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {row.partner_name} · {row.organization_name} · {row.partner_domain}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-4 dark:bg-slate-800">
          <div>
            <dt className={TERM}>Balance</dt>
            <dd className="tabular-nums">{formatMoney(row.balance, c)}</dd>
          </div>
          <div>
            <dt className={TERM}>Cap</dt>
            <dd className="tabular-nums">
              {row.cap === null
                ? row.unlimited
                  ? 'Unlimited'
                  : 'None: no net debit'
                : formatMoney(row.cap, c)}
            </dd>
          </div>
          <div>
            <dt className={TERM}>Position</dt>
            <dd className="tabular-nums">{formatMoney(row.position, c)}</dd>
          </div>
          <div>
            <dt className={TERM}>Headroom</dt>
            <dd className="tabular-nums">{headroomText(row.headroom, c)}</dd>
          </div>
        </dl>
        {review ? (
          <div className="flex flex-col gap-4">
            <div role="status" className="flex flex-col gap-1" data-testid="change-review">
              <p className="font-medium">Confirm the change</p>
              {review.map((line) => (
                <p key={line} className="text-sm">
                  {line}
                </p>
              ))}
            </div>
            <div className="flex justify-end gap-3">
              <Button type="button" variant="secondary" onClick={onBack} disabled={busy}>
                Back
              </Button>
              <Button type="button" onClick={onConfirm} disabled={busy} autoFocus>
                {busy ? 'Sending…' : confirmLabel}
              </Button>
            </div>
          </div>
        ) : (
          children
        )}
      </div>
    </Modal>
  );
}
