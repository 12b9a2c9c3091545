'use client';

import { CreateForm } from '@/components/ui/create-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { CARD } from '@/components/ui/styles';
import type { CustomerValues } from './customer-schemas';
import { CUSTOMER_STATUS, type Customer } from './customer';
import { customerQueries } from '@/lib/client/queries/customers';
import { showServerError } from '@/lib/client/server-error';
import { useNamespace } from '@/lib/client/namespace';

/**
 * The customers screen's two forms (react-hook-form), fetched after the list
 * (lazy-customer-forms.tsx): resolve an address, and create a customer.
 */
const EMPTY: CustomerValues = { payment_address: '', first_name: '', last_name: '' };

const customerResolver = lazyResolver(() => import('./customer-schemas').then((m) => m.customerResolver));
const resolveResolver = lazyResolver(() => import('./customer-schemas').then((m) => m.resolveResolver));

export function ResolveCustomerForm() {
  const ns = useNamespace();
  const resolveForm = useForm({ resolver: resolveResolver, defaultValues: { address: '' } });
  const [resolved, setResolved] = useState<Customer | null>(null);
  const resolve = useMutation({
    mutationFn: (a: string) =>
      apiFetch<Customer>(`/customer/${encodeURIComponent(a)}/resolve`, { partner: ns }),
    onSuccess: setResolved,
    onError: (e: Error) => {
      setResolved(null);
      showServerError(resolveForm, e);
    },
  });
  return (
    <form
      onSubmit={resolveForm.handleSubmit((v) => resolve.mutate(v.address))}
      noValidate
      className={`flex flex-wrap items-end gap-3 ${CARD}`}
    >
      <Field
        label="Resolve a payment address"
        id="resolve-address"
        placeholder="alice@sandbox-bank.test"
        {...formField(resolveForm, 'address')}
      />
      <FormFooter layout="inline" form={resolveForm} submit="Resolve" pending={resolve.isPending} />
      {resolved ? (
        <p role="status" className="text-sm">
          {resolved.payment_address} →{' '}
          <strong>
            {resolved.first_name} {resolved.last_name}
          </strong>{' '}
          ({CUSTOMER_STATUS[resolved.status]})
        </p>
      ) : null}
    </form>
  );
}

export function CreateCustomerForm() {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const form = useForm<CustomerValues>({ resolver: customerResolver, defaultValues: EMPTY });
  const create = useMutation({
    mutationFn: (v: CustomerValues) =>
      apiFetch<Customer>('/customer', { partner: ns, method: 'POST', body: v }),
    onSuccess: (c) => {
      toast('success', `Customer ${c.payment_address} created`);
      form.reset(EMPTY);
      qc.invalidateQueries({ queryKey: customerQueries.keys.all });
    },
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <CreateForm
      onSubmit={form.handleSubmit((v) => create.mutate(v))}
      columns={4}
      submit="Create customer"
      busy="Creating…"
      pending={create.isPending}
      form={form}
    >
      <Field label="Payment address" id="c-address" {...formField(form, 'payment_address')} />
      <Field label="First name" id="c-first" {...formField(form, 'first_name')} />
      <Field label="Last name" id="c-last" {...formField(form, 'last_name')} />
    </CreateForm>
  );
}
