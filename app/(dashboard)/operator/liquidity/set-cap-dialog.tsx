'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { formatAmount, formatMoney } from '@/lib/client/format';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import { useSetLiquidityLimits, type NetworkLiquidityPosition } from '@/lib/client/queries/liquidity';
import { headroom } from '@/lib/domain/liquidity';
import type { SetLiquidityLimitsBody } from '@/lib/schemas/liquidity';
import { amountError, minorUnitsHint, typedMinorUnits } from './amount';
import { ChangeDialog, headroomText } from './change-dialog';
import type { CapValues } from './change-schemas';

const capResolver = lazyResolver(() => import('./change-schemas').then((m) => m.capResolver));

/** The cap as the confirmation names it: without one, unlimited or closed (no net debit). */
const capWords = (cap: string | null, unlimited: boolean, currency: string) =>
  cap !== null ? formatMoney(cap, currency) : unlimited ? 'unlimited' : 'none (no net debit)';

/** What the new limits do, in the words the operator confirms. */
function reviewLines(row: NetworkLiquidityPosition, body: SetLiquidityLimitsBody): string[] {
  const c = row.currency;
  const after = headroom({
    balance: BigInt(row.balance),
    cap: body.cap === null ? null : BigInt(body.cap),
    unlimited: body.unlimited ?? false,
    allowUnsecured: body.allow_unsecured ?? false,
    position: BigInt(row.position),
  });
  const lines = [
    `${row.partner_name}: cap ${capWords(row.cap, row.unlimited, c)} → ${capWords(body.cap, body.unlimited ?? false, c)}; headroom ${headroomText(row.headroom, c)} → ${headroomText(after, c)}.`,
  ];
  if (body.unlimited && !row.unlimited)
    lines.push(
      'Unlimited: the participant may run up any net debit in this currency until the next cut-off.',
    );
  if ((body.allow_unsecured ?? false) !== row.allow_unsecured)
    lines.push(
      body.allow_unsecured
        ? 'Unsecured credit allowed: the cap may exceed the balance (the network lends the difference).'
        : 'Unsecured credit withdrawn: the cap may not exceed the balance.',
    );
  if (body.thresholds && body.thresholds.join(',') !== row.thresholds.join(','))
    lines.push(`Alerts at ${body.thresholds.map((t) => `${t} %`).join(', ')} of the limit.`);
  if (row.queued_count > 0 && after !== null && (row.headroom === null || after > BigInt(row.headroom)))
    lines.push('Payments waiting in its queue are admitted at once as far as the new headroom allows.');
  lines.push(`Note to the participant: “${body.note}”`);
  return lines;
}

/**
 * Operator: a participant's net debit cap in one currency (`PUT /operator/liquidity/{id}/{currency}`):
 * the cap typed in the currency's units (or none), unsecured credit, the alert thresholds and a
 * required note; confirmed with its effect on the headroom before it is sent. A refusal shows on
 * the field it names.
 */
export default function SetCapDialog({
  row,
  onClose,
}: {
  row: NetworkLiquidityPosition;
  onClose: () => void;
}) {
  const c = row.currency;
  const toast = useToast();
  const save = useSetLiquidityLimits();
  const [pending, setPending] = useState<SetLiquidityLimitsBody | null>(null);
  const form = useForm<CapValues>({
    resolver: capResolver,
    defaultValues: {
      unlimited: row.unlimited,
      cap: row.cap === null ? '' : formatAmount(row.cap, c),
      allow_unsecured: row.allow_unsecured,
      thresholds: row.thresholds.join(', '),
      note: '',
    },
  });
  const [typed, unlimited] = useWatch({ control: form.control, name: ['cap', 'unlimited'] });

  const review = form.handleSubmit((v) => {
    let cap: string | null = null;
    if (!v.unlimited) {
      cap = typedMinorUnits(v.cap, c, { zero: true });
      if (cap === null) {
        form.setError('cap', {
          message: v.cap.trim()
            ? amountError(c)
            : 'Enter the cap (0 allows no net debit), or choose Unlimited',
        });
        return;
      }
    }
    const thresholds = [...new Set(v.thresholds.split(',').map((t) => Number(t.trim())))];
    if (thresholds.some((t) => t < 1 || t > 100)) {
      form.setError('thresholds', { message: 'Percentages from 1 to 100' });
      return;
    }
    setPending({
      cap,
      unlimited: v.unlimited,
      allow_unsecured: v.allow_unsecured,
      thresholds: thresholds.sort((a, b) => a - b),
      note: v.note.trim(),
    });
  });

  function send() {
    if (!pending) return;
    save.mutate(
      { partnerId: row.partner_id, currency: c, body: pending },
      {
        onSuccess: (r) => {
          toast(
            'success',
            `${row.partner_name}: cap ${capWords(r.position.cap, r.position.unlimited, c)}, headroom ${headroomText(r.position.headroom, c)}`,
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
      title={`Set the ${c} cap`}
      onClose={onClose}
      review={pending ? reviewLines(row, pending) : null}
      confirmLabel="Set cap"
      busy={save.isPending}
      onBack={() => setPending(null)}
      onConfirm={send}
    >
      <form onSubmit={review} noValidate className="flex flex-col gap-4">
        {unlimited ? null : (
          <Field
            label={`Net debit cap (${c})`}
            id="cap-amount"
            inputMode="decimal"
            placeholder="5,000.00"
            hint={minorUnitsHint(typed, c, { zero: true })}
            {...formField(form, 'cap')}
          />
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            {...form.register('unlimited', {
              // The amount no longer counts: cleared, so a half-typed one cannot hold the form back.
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                if (e.target.checked) form.setValue('cap', '');
                form.clearErrors('cap');
              },
            })}
          />
          Unlimited: no cap on the net debit (recorded in the audit trail)
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4" {...form.register('allow_unsecured')} />
          <span>
            Allow unsecured credit: the cap may exceed the balance of {formatMoney(row.balance, c)}
            {form.formState.errors.allow_unsecured ? (
              <span className="block text-red-700 dark:text-red-400">
                {form.formState.errors.allow_unsecured.message}
              </span>
            ) : null}
          </span>
        </label>
        <Field
          label="Alert thresholds (% of the limit)"
          id="cap-thresholds"
          hint="liquidity.threshold is sent to the participant at each upward crossing"
          {...formField(form, 'thresholds')}
        />
        <Field
          label="Note (required, shown to the participant)"
          id="cap-note"
          placeholder="Why the cap changes"
          {...formField(form, 'note')}
        />
        <FormFooter layout="dialog" form={form} submit="Review" cancel={{ onClick: onClose }} />
      </form>
    </ChangeDialog>
  );
}
