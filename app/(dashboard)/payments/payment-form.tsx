'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field, SelectField } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { currencyExponent, toMinorUnits } from '@/lib/client/format';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import type { PaymentValues } from './payment-schema';
import { useNamespace } from '@/lib/client/namespace';
import { SANDBOX_BANK_AMOUNTS } from '@/lib/domain/sandbox-bank';
import { unitsOf } from '@/lib/domain/money';
import { parseAddress } from '@/lib/domain/address';

const paymentResolver = lazyResolver(() => import('./payment-schema').then((m) => m.paymentResolver));

const party = (address: string, first: string, last: string) => ({
  payment_address: address.trim(),
  ...(first.trim() ? { first_name: first.trim() } : {}),
  ...(last.trim() ? { last_name: last.trim() } : {}),
});

/**
 * The Sandbox Bank's test amounts (lib/domain/sandbox-bank.ts) as typed in `currency`: it decides
 * by the last two digits in minor units, so 25.01 in USD, 2501 in JPY.
 */
function SandboxAmounts({ currency }: { currency: string }) {
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
  return (
    <span data-testid="sandbox-amounts">
      Sandbox Bank test amounts:{' '}
      {SANDBOX_BANK_AMOUNTS.map((a) => `${unitsOf(`25${a.ending}`, code)} ${a.says}`).join(', ')}; any other
      is accepted.
    </span>
  );
}

/**
 * A new payment in the selected namespace, as `POST /payments` takes it: the amount typed in the
 * currency's units and sent as minor units, then (by default) submitted for admission. Opens the
 * payment's page when done. A sandbox namespace is offered the Sandbox Bank as the payee, and told
 * its test amounts under the amount.
 */
/** The gateway's names of a payment's fields (its refusals' `field`) as this form's. */
const PAYMENT_FIELDS = {
  'debtor_party.payment_address': 'debtor_address',
  'debtor_party.first_name': 'debtor_first_name',
  'debtor_party.last_name': 'debtor_last_name',
  'beneficiary_party.payment_address': 'beneficiary_address',
  'beneficiary_party.first_name': 'beneficiary_first_name',
  'beneficiary_party.last_name': 'beneficiary_last_name',
  debtor_party: 'debtor_address',
  beneficiary_party: 'beneficiary_address',
  'amount.total': 'amount',
  'amount.currency': 'currency',
  amount: 'amount',
} as const satisfies Record<string, keyof PaymentValues>;

export function PaymentForm({ domain, sandbox }: { domain: string; sandbox: boolean }) {
  const ns = useNamespace();
  const router = useRouter();
  const toast = useToast();
  // A fresh id per opened form, e.g. pay-mi3k2x1a; any unique id of up to 128 characters will do.
  const [paymentId] = useState(() => `pay-${Date.now().toString(36)}`);
  const form = useForm<PaymentValues>({
    resolver: paymentResolver,
    defaultValues: {
      payment_id: paymentId,
      payment_type: 'Type_Push',
      amount: '',
      currency: 'USD',
      debtor_address: '',
      debtor_first_name: '',
      debtor_last_name: '',
      beneficiary_address: sandbox ? 'alice@sandbox-bank.test' : '',
      beneficiary_first_name: '',
      beneficiary_last_name: '',
      reference: '',
      submit: true,
    },
  });
  const type = useWatch({ control: form.control, name: 'payment_type' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  // Push and pull put this namespace on opposite sides: what was typed moves with its party.
  const swapParties = () => {
    for (const field of ['address', 'first_name', 'last_name'] as const) {
      const debtor = form.getValues(`debtor_${field}`);
      form.setValue(`debtor_${field}`, form.getValues(`beneficiary_${field}`));
      form.setValue(`beneficiary_${field}`, debtor);
    }
    form.clearErrors();
  };
  const ours = `name@${domain}`;

  const send = form.handleSubmit(async (v) => {
    const total = toMinorUnits(v.amount, v.currency);
    if (!total) {
      const digits = currencyExponent(v.currency);
      form.setError('amount', {
        message: `Enter an amount above 0 with at most ${digits} decimal${digits === 1 ? '' : 's'} for ${v.currency}`,
      });
      return;
    }
    // Both parties are addresses, and the namespace's own is one of its own: said under its field
    // before anything is sent (the gateway refuses them too, naming the wire's field).
    for (const side of ['debtor_address', 'beneficiary_address'] as const) {
      const address = parseAddress(v[side]);
      const own = (side === 'debtor_address') === (v.payment_type === 'Type_Push');
      const wrong = !address
        ? 'Enter an address like name@domain: letters, digits and . _ + - before the @'
        : own && address.domain !== domain.toLowerCase()
          ? `Enter an address of this namespace: one ending in @${domain}`
          : null;
      if (wrong) {
        form.setError(side, { message: wrong }, { shouldFocus: true });
        return;
      }
    }
    const id = v.payment_id.trim();
    try {
      await apiFetch('/payments', {
        partner: ns,
        method: 'POST',
        body: {
          payment_id: id,
          payment_type: v.payment_type,
          amount: { currency: v.currency, total },
          debtor_party: party(v.debtor_address, v.debtor_first_name, v.debtor_last_name),
          beneficiary_party: party(v.beneficiary_address, v.beneficiary_first_name, v.beneficiary_last_name),
          ...(v.reference.trim() ? { reference: v.reference.trim() } : {}),
        },
      });
    } catch (e) {
      // Under the field the refusal names: a party's address or names, the amount, the id, the reference.
      showServerError(form, e as Error, PAYMENT_FIELDS);
      return;
    }
    const path = `/payments/${encodeURIComponent(id)}`;
    if (v.submit) {
      try {
        await apiFetch(`${path}/submissions`, { partner: ns, method: 'POST' });
        toast('success', `Payment ${id} created and submitted`);
      } catch (e) {
        toast('error', `Payment ${id} created, not submitted: ${(e as Error).message}`);
      }
    } else {
      toast('success', `Payment ${id} created`);
    }
    router.push(path);
  });

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-4">
      <div className="grid gap-3 md:grid-cols-4">
        <Field label="Payment id" id="np-id" {...formField(form, 'payment_id')} />
        <SelectField label="Type" id="np-type" {...form.register('payment_type', { onChange: swapParties })}>
          <option value="Type_Push">Push: this namespace pays</option>
          <option value="Type_Pull">Pull: this namespace collects</option>
        </SelectField>
        <Field
          label="Amount"
          id="np-amount"
          inputMode="decimal"
          placeholder="25.00"
          hint={sandbox ? <SandboxAmounts currency={currency} /> : undefined}
          {...formField(form, 'amount')}
        />
        <Field
          label="Currency"
          id="np-currency"
          maxLength={3}
          {...formField(form, 'currency', { setValueAs: (v: string) => v.trim().toUpperCase() })}
        />
      </div>
      {(['debtor', 'beneficiary'] as const).map((side) => {
        const own = (side === 'debtor') === (type === 'Type_Push');
        return (
          <fieldset key={side} className="grid gap-3 md:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">
              {side === 'debtor' ? 'From (debtor)' : 'To (beneficiary)'}
              <span className="font-normal text-slate-600 dark:text-slate-400">
                {own ? ` — an address of this namespace (${domain})` : ' — an address of a linked namespace'}
              </span>
            </legend>
            <Field
              label="Payment address"
              id={`np-${side}-address`}
              placeholder={own ? ours : sandbox ? 'alice@sandbox-bank.test' : 'name@their-domain'}
              {...formField(form, `${side}_address`)}
            />
            <Field
              label="First name (optional)"
              id={`np-${side}-first`}
              {...formField(form, `${side}_first_name`)}
            />
            <Field
              label="Last name (optional)"
              id={`np-${side}-last`}
              {...formField(form, `${side}_last_name`)}
            />
          </fieldset>
        );
      })}
      <Field label="Reference (optional)" id="np-reference" {...formField(form, 'reference')} />
      <FormFooter
        form={form}
        submit="Create payment"
        busy="Creating…"
        before={
          <label className="mr-2 flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register('submit')} />
            Submit for admission now
          </label>
        }
      />
    </form>
  );
}
