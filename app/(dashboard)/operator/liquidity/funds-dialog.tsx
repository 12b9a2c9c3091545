'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { formatMoney } from '@/lib/client/format';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import { useRecordFunds, type NetworkLiquidityPosition } from '@/lib/client/queries/liquidity';
import { headroom } from '@/lib/domain/liquidity';
import type { RecordFundsBody } from '@/lib/schemas/liquidity';
import { amountError, minorUnitsHint, typedMinorUnits } from './amount';
import { ChangeDialog, headroomText } from './change-dialog';
import type { FundsValues } from './change-schemas';

const fundsResolver = lazyResolver(() => import('./change-schemas').then((m) => m.fundsResolver));

/** What the movement does, in the words the operator confirms. */
function reviewLines(row: NetworkLiquidityPosition, body: RecordFundsBody): string[] {
  const c = row.currency;
  const signed = body.direction === 'in' ? BigInt(body.amount) : -BigInt(body.amount);
  const balance = BigInt(row.balance) + signed;
  const after = headroom({
    balance,
    cap: row.cap === null ? null : BigInt(row.cap),
    unlimited: row.unlimited,
    allowUnsecured: row.allow_unsecured,
    position: BigInt(row.position),
  });
  const lines = [
    `${row.partner_name}: funds ${body.direction} ${formatMoney(body.amount, c)}; balance ${formatMoney(row.balance, c)} → ${formatMoney(balance, c)}; headroom ${headroomText(row.headroom, c)} → ${headroomText(after, c)}.`,
    `Reference “${body.reference}”. Note to the participant: “${body.note}”`,
  ];
  if (body.direction === 'in' && row.queued_count > 0)
    lines.splice(
      1,
      0,
      'Payments waiting in its queue are admitted at once as far as the new headroom allows.',
    );
  return lines;
}

/**
 * Operator: funds a participant placed with the settlement agent, or paid back to it
 * (`POST /operator/liquidity/{id}/{currency}/funds`): an append-only ledger entry with the agent's
 * reference and a note, confirmed with its effect on the balance and the headroom first. A refusal
 * (funds out below what the cap or the position needs) shows on the amount.
 */
export default function FundsDialog({
  row,
  onClose,
}: {
  row: NetworkLiquidityPosition;
  onClose: () => void;
}) {
  const c = row.currency;
  const toast = useToast();
  const record = useRecordFunds();
  const [pending, setPending] = useState<RecordFundsBody | null>(null);
  const form = useForm<FundsValues>({
    resolver: fundsResolver,
    defaultValues: { direction: 'in', amount: '', reference: '', note: '' },
  });
  const typed = useWatch({ control: form.control, name: 'amount' });

  const review = form.handleSubmit((v) => {
    const amount = typedMinorUnits(v.amount, c);
    if (amount === null) {
      form.setError('amount', { message: amountError(c) });
      return;
    }
    setPending({ direction: v.direction, amount, reference: v.reference.trim(), note: v.note.trim() });
  });

  function send() {
    if (!pending) return;
    record.mutate(
      { partnerId: row.partner_id, currency: c, body: pending },
      {
        onSuccess: (r) => {
          toast(
            'success',
            `${row.partner_name}: balance ${formatMoney(r.position.balance, c)}, headroom ${headroomText(r.position.headroom, c)}`,
          );
          onClose();
        },
        onError: (e) => {
          setPending(null);
          showServerError(form, e);
        },
      },
    );
  }

  return (
    <ChangeDialog
      row={row}
      title={`Record ${c} funds`}
      onClose={onClose}
      review={pending ? reviewLines(row, pending) : null}
      confirmLabel="Record funds"
      busy={record.isPending}
      onBack={() => setPending(null)}
      onConfirm={send}
    >
      <form onSubmit={review} noValidate className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Direction</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="in" className="size-4" {...form.register('direction')} />
            Funds in: placed with the settlement agent
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="out" className="size-4" {...form.register('direction')} />
            Funds out: paid back to the participant
          </label>
          {form.formState.errors.direction ? (
            <p className="text-sm text-red-700 dark:text-red-400">
              {form.formState.errors.direction.message}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={`Amount (${c})`}
          id="funds-amount"
          inputMode="decimal"
          placeholder="5,000.00"
          hint={minorUnitsHint(typed, c)}
          {...formField(form, 'amount')}
        />
        <Field
          label="Reference (the settlement agent's)"
          id="funds-reference"
          placeholder="e.g. FED-2026-11-26-0042"
          {...formField(form, 'reference')}
        />
        <Field
          label="Note (required, shown to the participant)"
          id="funds-note"
          placeholder="Why the funds move"
          {...formField(form, 'note')}
        />
        <FormFooter layout="dialog" form={form} submit="Review" cancel={{ onClick: onClose }} />
      </form>
    </ChangeDialog>
  );
}
