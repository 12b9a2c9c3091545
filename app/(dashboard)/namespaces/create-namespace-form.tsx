'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { CreateForm } from '@/components/ui/create-form';
import { Field, SelectField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { NamespaceValues } from './namespace-schema';
import type { Namespace } from './namespace';
import { namespaceQueries } from '@/lib/client/queries/namespaces';
import { showServerError } from '@/lib/client/server-error';
import { useNamespace } from '@/lib/client/namespace';

const EMPTY: NamespaceValues = { name: '', domain: '', environment: 'production' };

const namespaceResolver = lazyResolver(() => import('./namespace-schema').then((m) => m.namespaceResolver));

/**
 * Creates a namespace (react-hook-form; fetched after the list, lazy-create-namespace-form.tsx).
 * `verified`: the organization may create production namespaces (and chooses); others make sandbox ones.
 */
export function CreateNamespaceForm({ verified }: { verified: boolean }) {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const router = useRouter();
  const form = useForm<NamespaceValues>({ resolver: namespaceResolver, defaultValues: EMPTY });
  const create = useMutation({
    mutationFn: ({ environment, ...v }: NamespaceValues) =>
      apiFetch<Namespace>('/partner', {
        partner: ns,
        method: 'POST',
        body: { ...v, environment: verified ? environment : 'sandbox' },
      }),
    onSuccess: (n) => {
      toast('success', `Namespace ${n.domain} created`);
      form.reset(EMPTY);
      qc.invalidateQueries({ queryKey: namespaceQueries.keys.all });
      router.refresh();
    },
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <CreateForm
      onSubmit={form.handleSubmit((v) => create.mutate(v))}
      columns={verified ? 4 : 3}
      submit="Create namespace"
      busy="Creating…"
      pending={create.isPending}
      form={form}
    >
      <Field label="Name" id="ns-name" {...formField(form, 'name')} />
      <Field
        label="Domain"
        id="ns-domain"
        placeholder="payments.bank.example"
        {...formField(form, 'domain')}
      />
      {verified ? (
        <SelectField label="Environment" id="ns-environment" {...form.register('environment')}>
          <option value="production">Production</option>
          <option value="sandbox">Sandbox (test mode)</option>
        </SelectField>
      ) : null}
    </CreateForm>
  );
}
