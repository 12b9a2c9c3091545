'use client';

import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CreateForm } from '@/components/ui/create-form';
import { Field, SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import type { Account } from './account';
import type { AccountValues } from './account-schema';
import { useNamespace } from '@/lib/client/namespace';

const EMPTY: AccountValues = {
  account_title: '',
  account_number: '',
  routing_number: '',
  type: 'checking',
  institution_name: '',
};

const accountResolver = lazyResolver(() => import('./account-schema').then((m) => m.accountResolver));

/** The add-an-account form (admins), loaded after the list: the list's first load stays light. */
export function AccountForm({ onCreated }: { onCreated: () => void }) {
  const ns = useNamespace();
  const toast = useToast();
  const form = useForm<AccountValues>({ resolver: accountResolver, defaultValues: EMPTY });
  const create = useMutation({
    mutationFn: (v: AccountValues) =>
      apiFetch<Account>('/account', {
        partner: ns,
        method: 'POST',
        body: {
          account_title: v.account_title,
          account_number: v.account_number,
          routing_number: v.routing_number,
          type: v.type,
          institution: {
            name: v.institution_name,
            phone_number: '',
            address: { address: '', city: '', postal_code: '', state: '' },
          },
        },
      }),
    onSuccess: (a) => {
      toast('success', `Account ${a.masked_account_number} added`);
      form.reset(EMPTY);
      onCreated();
    },
    onError: (e: Error) => showServerError(form, e, { 'institution.name': 'institution_name' }),
  });
  return (
    <CreateForm
      onSubmit={form.handleSubmit((v) => create.mutate(v))}
      columns={3}
      submit="Add account"
      busy="Adding…"
      pending={create.isPending}
      form={form}
    >
      <Field label="Account title" id="acct-title" {...formField(form, 'account_title')} />
      <Field
        label="Account number"
        id="acct-number"
        inputMode="numeric"
        {...formField(form, 'account_number')}
      />
      <Field
        label="Routing number"
        id="acct-routing"
        inputMode="numeric"
        {...formField(form, 'routing_number')}
      />
      <Field label="Bank name" id="acct-bank" {...formField(form, 'institution_name')} />
      <SelectField label="Type" id="acct-type" {...form.register('type')}>
        <option value="checking">Checking</option>
        <option value="savings">Savings</option>
      </SelectField>
    </CreateForm>
  );
}
