'use client';

import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CreateForm } from '@/components/ui/create-form';
import { Field, SelectField } from '@/components/ui/field';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { InviteValues } from './invite-schema';
import { INVITED_ROLE, ORGANIZATION_ROLES } from '@/lib/domain/permissions';
import type { Invited } from './user';
import { showServerError } from '@/lib/client/server-error';
import { useNamespace } from '@/lib/client/namespace';

const EMPTY: InviteValues = { email: '', name: '', role: INVITED_ROLE };

const inviteResolver = lazyResolver(() => import('./invite-schema').then((m) => m.inviteResolver));

/** Invites a user (react-hook-form; fetched after the list, lazy-invite-user-form.tsx). */
export function InviteUserForm({ onInvited }: { onInvited: (u: Invited) => void }) {
  const ns = useNamespace();
  const form = useForm<InviteValues>({ resolver: inviteResolver, defaultValues: EMPTY });
  const invite = useMutation({
    mutationFn: (v: InviteValues) => apiFetch<Invited>('/users', { partner: ns, method: 'POST', body: v }),
    onSuccess: (u) => {
      form.reset(EMPTY);
      onInvited(u);
    },
    onError: (e: Error) => showServerError(form, e),
  });
  return (
    <CreateForm
      onSubmit={form.handleSubmit((v) => invite.mutate(v))}
      columns={4}
      submit="Invite user"
      busy="Inviting…"
      pending={invite.isPending}
      form={form}
    >
      <Field label="User email" id="u-email" type="email" {...formField(form, 'email')} />
      <Field label="Full name" id="u-name" {...form.register('name')} />
      <SelectField label="Role" id="u-role" {...form.register('role')}>
        {ORGANIZATION_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
    </CreateForm>
  );
}
