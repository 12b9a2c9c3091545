'use client';

import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import type { KeyValues } from './key-schemas';
import { AccessFields } from './access-fields';
import { SelectField } from '@/components/ui/field';
import { EXPIRY_CHOICES, expiresAtIn, keyBody, type ApiKey } from './key-types';
import { useState } from 'react';
import { CARD } from '@/components/ui/styles';
import { useNamespace } from '@/lib/client/namespace';

const NEW_KEY: KeyValues = {
  name: '',
  description: '',
  customers_read: true,
  customers_write: false,
  transactions_read: true,
  transactions_write: false,
};

/** The key the sandbox checklist asks for: one its printed calls can create and submit payments with. */
const FIRST_PAYMENT_KEY: KeyValues = { ...NEW_KEY, name: 'Sandbox test payments', transactions_write: true };

const keyResolver = lazyResolver(() => import('./key-schemas').then((m) => m.keyResolver));

/**
 * Creates a key (`POST /apikey`); the answer, with its secret shown once, goes to `onCreated`.
 * Loaded right after the page (React.lazy in client.tsx), with the form library, so the list's
 * first load stays within its budget.
 */
export function CreateKeyForm({ onCreated }: { onCreated: (k: ApiKey, hint?: string) => void }) {
  const ns = useNamespace();
  // `?for=first-payment`: opened from the sandbox checklist.
  const firstPayment = useSearchParams().get('for') === 'first-payment';
  const form = useForm<KeyValues>({
    resolver: keyResolver,
    defaultValues: firstPayment ? FIRST_PAYMENT_KEY : NEW_KEY,
  });
  const [expiry, setExpiry] = useState('');
  const create = useMutation({
    mutationFn: (v: KeyValues) =>
      apiFetch<ApiKey>('/apikey', {
        partner: ns,
        method: 'POST',
        body: { ...keyBody(v), expires_at: expiresAtIn(expiry) },
      }),
    onSuccess: (k) => {
      form.reset(NEW_KEY);
      onCreated(
        k,
        firstPayment
          ? 'Set it as KEY in the calls shown on the Overview (Getting started), then run them: the calls below already hold it.'
          : undefined,
      );
    },
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <form
      onSubmit={form.handleSubmit((v) => create.mutate(v))}
      className={`flex flex-col gap-3 ${CARD}`}
      noValidate
    >
      <h2 className="font-medium">Create a key</h2>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Key name" id="key-name" {...formField(form, 'name')} />
        <Field label="Description" id="key-description" {...formField(form, 'description')} />
        <SelectField
          label="Expires"
          id="key-expiry"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        >
          {EXPIRY_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <AccessFields form={form} />
      <FormFooter form={form} submit="Create key" busy="Creating…" pending={create.isPending} />
    </form>
  );
}
