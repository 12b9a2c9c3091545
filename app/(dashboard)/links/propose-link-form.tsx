'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CreateForm } from '@/components/ui/create-form';
import { Field } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { ProposeValues } from './propose-schema';
import type { Link } from './link';
import { linkQueries } from '@/lib/client/queries/links';
import { showServerError } from '@/lib/client/server-error';
import { useNamespace } from '@/lib/client/namespace';

const proposeResolver = lazyResolver(() => import('./propose-schema').then((m) => m.proposeResolver));

/** Proposes a link (react-hook-form; fetched after the list, lazy-propose-link-form.tsx). */
export function ProposeLinkForm() {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const form = useForm<ProposeValues>({
    resolver: proposeResolver,
    defaultValues: { counterparty_domain: '' },
  });
  const propose = useMutation({
    mutationFn: (v: ProposeValues) => apiFetch<Link>('/link', { partner: ns, method: 'POST', body: v }),
    onSuccess: (l) => {
      toast('success', `Link proposed to ${l.counterparty_domain}`);
      form.reset();
      qc.invalidateQueries({ queryKey: linkQueries.keys.all });
    },
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <CreateForm
      onSubmit={form.handleSubmit((v) => propose.mutate(v))}
      submit="Propose link"
      busy="Proposing…"
      pending={propose.isPending}
      form={form}
    >
      <Field
        label="Counterparty domain"
        id="link-domain"
        placeholder="bank.example"
        {...formField(form, 'counterparty_domain')}
      />
    </CreateForm>
  );
}
