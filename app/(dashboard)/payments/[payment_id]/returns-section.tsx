'use client';

import { Link } from '@/components/ui/link';
import { lazy, Suspense, useState } from 'react';
import { ReturnStatusBadge } from '@/components/returns/status-badge';
import { Button } from '@/components/ui/button';
import { LocalTime } from '@/components/ui/local-time';
import { Section } from '@/components/ui/section';
import { LINK } from '@/components/ui/styles';
import { formatMoney } from '@/lib/client/format';
import type { PaymentReturns, Return } from '@/lib/client/queries/returns';
import { refusalText, remainingOf } from '@/lib/client/returns';
import type { ReturnKind } from './return-dialog';

// The form and its checks load when someone opens it: most visits to a payment only read it.
const ReturnDialog = lazy(() => import('./return-dialog'));

/** The two sides of the original payment, by their domains. */
export interface Sides {
  debtor: string;
  beneficiary: string;
}

/** One entry of the payment's timeline (the page's `Step`). */
interface ReturnStep {
  at: number | null;
  text: string;
  href?: string;
}

const paymentHref = (id: string) => `/payments/${encodeURIComponent(id)}`;
const money = (r: Return) => formatMoney(r.amount.total, r.amount.currency);
const why = (r: Return) => `${r.reason_text}${r.note ? `: “${r.note}”` : ''}`;

/**
 * The returns of a payment as timeline entries: each request (who asked, why) and its decision
 * (returned with its return payment, or refused and why), or a return the payee's side made.
 */
export function returnSteps(returns: Return[], sides: Sides): ReturnStep[] {
  const steps: ReturnStep[] = [];
  for (const r of returns) {
    const href = paymentHref(r.token);
    if (r.kind === 'initiative') {
      steps.push({
        at: r.created_at,
        text: `${money(r)} returned by ${sides.beneficiary} on its own initiative — ${why(r)} (return payment ${r.token})`,
        href,
      });
      continue;
    }
    steps.push({ at: r.created_at, text: `Return of ${money(r)} requested by ${sides.debtor} — ${why(r)}` });
    if (r.status === 'returned')
      steps.push({
        at: r.decided_at,
        text: `Return accepted by ${sides.beneficiary}: ${money(r)} returned with payment ${r.token}`,
        href,
      });
    else if (r.status === 'refused')
      steps.push({
        at: r.decided_at,
        text:
          r.refusal?.code === 'PAYMENT_EXPIRED'
            ? `Return request of ${money(r)} expired before ${sides.beneficiary} decided it`
            : `Return request of ${money(r)} refused by ${sides.beneficiary}: ${refusalText(r)}`,
        href,
      });
  }
  return steps.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
}

/**
 * The payment's returns: how much went back, what is asked and waiting, each return with its
 * status, and — for support and admins — the way to ask for it back (the payer's side) or to give
 * it back (the payee's side).
 */
export function ReturnsSection({
  data,
  sides,
  kind,
}: {
  data: PaymentReturns | undefined;
  sides: Sides;
  /** What this namespace may do with the payment; null: nothing (a viewer, or not returnable). */
  kind: ReturnKind | null;
}) {
  const [open, setOpen] = useState(false);
  if (!data)
    return (
      <Section id="returns-heading" title="Returns" card>
        <p className="text-sm">Loading…</p>
      </Section>
    );
  const c = data.amount.currency;
  const remaining = remainingOf(data.amount.total, data.returns);
  const waiting = data.returns
    .filter((r) => r.status === 'requested')
    .reduce((sum, r) => sum + BigInt(r.amount.total), 0n);
  const action =
    kind && remaining > 0n ? (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {kind === 'request' ? 'Request a return…' : 'Return this payment…'}
      </Button>
    ) : null;
  return (
    <Section id="returns-heading" title="Returns" card action={action}>
      <p className="text-sm" data-testid="payment-returned">
        Returned: {formatMoney(data.returned_amount, c)} of {formatMoney(data.amount.total, c)}
        {waiting > 0n ? ` · asked and waiting: ${formatMoney(waiting, c)}` : ''} · may still be returned:{' '}
        {formatMoney(remaining, c)}
      </p>
      {data.returns.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {kind === 'request'
            ? 'None asked for. If the payment went to the wrong account, was a duplicate or a fraud, ask the payee’s bank to return it.'
            : kind === 'initiative'
              ? 'None. Return it here when it should not have been received; it goes back at once.'
              : 'None.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {data.returns.map((r) => (
            <li key={r.token} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:gap-3">
              <span className="flex shrink-0 items-center gap-2">
                <ReturnStatusBadge status={r.status} />
                <span className="font-medium tabular-nums">{money(r)}</span>
              </span>
              <span className="min-w-0 break-words">
                {r.kind === 'request' ? `Asked by ${sides.debtor}` : `Given by ${sides.beneficiary}`} ·{' '}
                {why(r)}
                {r.status === 'refused' ? ` · refused: ${refusalText(r)}` : ''} ·{' '}
                <Link href={paymentHref(r.token)} className={LINK}>
                  {r.token}
                </Link>
              </span>
              <span className="shrink-0 text-slate-600 sm:ml-auto dark:text-slate-400">
                <LocalTime seconds={r.decided_at ?? r.created_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && kind ? (
        <Suspense>
          <ReturnDialog
            kind={kind}
            paymentId={data.payment_id}
            amount={data.amount}
            remaining={remaining}
            counterparty={kind === 'request' ? sides.beneficiary : sides.debtor}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}
