'use client';

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, SelectField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { currencyExponent, formatMoney, toMinorUnits } from '@/lib/client/format';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { useCreateReturn } from '@/lib/client/queries/returns';
import { showServerError } from '@/lib/client/server-error';
import { unitsOf } from '@/lib/domain/money';
import { RETURN_REASON_CODES, RETURN_REASONS, type ReturnReason } from '@/lib/domain/returns';
import type { Amount } from '@/lib/schemas/payments';
import type { CreateReturnBody } from '@/lib/schemas/returns';
import type { ReturnFormInput, ReturnFormValues } from './return-schema';

const resolver = lazyResolver(() => import('./return-schema').then((m) => m.returnFormResolver));

/**
 * `request`: the payer's side asks the payee's to send the money back (it decides in its queue);
 * `initiative`: the payee's side gives it back, admitted at once.
 */
export type ReturnKind = 'request' | 'initiative';

/** What the confirmation says will happen, in the words of the side that sends it. */
function reviewLines(kind: ReturnKind, body: CreateReturnBody, d: ReturnDialogProps): string[] {
  const money = formatMoney(body.amount, d.amount.currency);
  const reason = RETURN_REASONS[body.reason as ReturnReason].toLowerCase();
  const lines =
    kind === 'request'
      ? [
          `Ask ${d.counterparty} to return ${money} of ${d.paymentId} — reason: ${reason}.`,
          `Their staff decide it in their task queue: the money comes back once they accept, and you see their answer here.`,
        ]
      : [
          `Return ${money} of ${d.paymentId} to ${d.counterparty} now — reason: ${reason}.`,
          'It is admitted at once, within this namespace’s net debit cap, and settled at the next cut-off. It cannot be undone.',
        ];
  if (body.note) lines.push(`Note: “${body.note}”`);
  return lines;
}

/** How long the confirmation is shown before its button sends (ms). */
const REVIEW_PAUSE_MS = 600;

export interface ReturnDialogProps {
  kind: ReturnKind;
  paymentId: string;
  amount: Amount;
  /** Minor units that may still be returned. */
  remaining: bigint;
  /** The other side, named by its domain. */
  counterparty: string;
  onClose: () => void;
}

/**
 * Asking for a payment back, or giving it back (`POST /payments/{id}/returns`): the amount in the
 * currency's units (what remains, by default), the reason (none until the reader chooses one) and
 * a note, then a confirmation of what will happen before anything is sent. A refusal shows on the
 * field it names.
 */
export default function ReturnDialog(props: ReturnDialogProps) {
  const { kind, paymentId, amount, remaining, onClose } = props;
  const c = amount.currency;
  const titleId = useId();
  const toast = useToast();
  const create = useCreateReturn();
  const [pending, setPending] = useState<CreateReturnBody | null>(null);
  const [armed, setArmed] = useState(false);
  // The amount is what remains (the usual case: the whole payment back; the reader lowers it for
  // part); the reason is the reader's to choose, so none is chosen for them.
  const form = useForm<ReturnFormInput, unknown, ReturnFormValues>({
    resolver,
    defaultValues: { amount: unitsOf(remaining, c), reason: '', note: '' },
  });
  const title = kind === 'request' ? 'Request a return' : 'Return this payment';

  const review = form.handleSubmit((v) => {
    const minor = toMinorUnits(v.amount, c);
    if (minor === null) {
      const digits = currencyExponent(c);
      form.setError('amount', {
        message: `Enter an amount of ${c} with at most ${digits} decimal${digits === 1 ? '' : 's'}`,
      });
      return;
    }
    if (BigInt(minor) > remaining) {
      form.setError('amount', {
        message: `At most ${formatMoney(remaining, c)} remains to be returned of ${formatMoney(amount.total, c)}`,
      });
      return;
    }
    const note = v.note.trim();
    setArmed(false);
    window.setTimeout(() => setArmed(true), REVIEW_PAUSE_MS);
    setPending({ amount: minor, reason: v.reason, ...(note ? { note } : {}) });
  });

  function send() {
    // The send button appears where Review was, focused: a double click on Review, or Enter held
    // down, would otherwise send before the confirmation was read. It takes no click (aria-disabled,
    // still focusable) for REVIEW_PAUSE_MS.
    if (!pending || !armed) return;
    create.mutate(
      { paymentId, body: pending },
      {
        onSuccess: (r) => {
          const money = formatMoney(r.amount.total, r.amount.currency);
          toast(
            'success',
            r.status === 'returned'
              ? `${money} of ${paymentId} returned (${r.token})`
              : `Return of ${money} requested (${r.token}): waiting for ${props.counterparty}`,
          );
          onClose();
        },
        onError: (e) => {
          setPending(null);
          // "amount: at most 0 minor units remain…" under the amount: the envelope names its field.
          showServerError(form, e);
        },
      },
    );
  }

  return (
    <Modal onClose={onClose} labelledBy={titleId} className="max-h-[90dvh] max-w-xl overflow-y-auto p-6">
      <div className="flex flex-col gap-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {paymentId} · {formatMoney(amount.total, c)} · {formatMoney(remaining, c)} may be returned
          </p>
        </div>
        {pending ? (
          <div className="flex flex-col gap-4">
            <div role="status" className="flex flex-col gap-1" data-testid="return-review">
              <p className="font-medium">Confirm the {kind === 'request' ? 'request' : 'return'}</p>
              {reviewLines(kind, pending, props).map((line) => (
                <p key={line} className="text-sm">
                  {line}
                </p>
              ))}
            </div>
            <div className="flex flex-wrap justify-end gap-3">
              <Button
                type="button"
                variant="secondary"
                onClick={() => setPending(null)}
                disabled={create.isPending}
              >
                Back
              </Button>
              <Button
                type="button"
                onClick={send}
                disabled={create.isPending}
                aria-disabled={!armed || undefined}
                className="aria-disabled:cursor-wait aria-disabled:opacity-60"
                autoFocus
              >
                {create.isPending
                  ? 'Sending…'
                  : kind === 'request'
                    ? 'Send the request'
                    : `Return ${formatMoney(pending.amount, c)}`}
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={review} noValidate className="flex flex-col gap-4">
            <Field
              label={`Amount (${c})`}
              id="return-amount"
              inputMode="decimal"
              autoComplete="off"
              hint={`At most ${formatMoney(remaining, c)}: what has not been returned or asked back yet`}
              {...formField(form, 'amount')}
            />
            <SelectField
              label="Reason"
              id="return-reason"
              required
              error={form.formState.errors.reason?.message}
              {...form.register('reason')}
            >
              <option value="" disabled>
                Choose a reason…
              </option>
              {RETURN_REASON_CODES.map((code) => (
                <option key={code} value={code}>
                  {RETURN_REASONS[code]} ({code})
                </option>
              ))}
            </SelectField>
            <Field
              label={kind === 'request' ? 'Note to the payee’s bank (optional)' : 'Note (optional)'}
              id="return-note"
              placeholder={
                kind === 'request' ? 'What happened, e.g. the customer’s call' : 'Why it goes back'
              }
              maxLength={500}
              {...formField(form, 'note')}
            />
            <FormFooter form={form} submit="Review" layout="dialog" cancel={{ onClick: onClose }} />
          </form>
        )}
      </div>
    </Modal>
  );
}
