'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import { formField } from '@/lib/client/form-field';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import { CARD } from '@/components/ui/styles';
import { sessionQueries } from '@/lib/client/queries/sessions';
import type { PasswordValues } from './password-schema';

const EMPTY: PasswordValues = { current: '', next: '', again: '' };

const passwordResolver = lazyResolver(() => import('./password-schema').then((m) => m.passwordResolver));

/**
 * Changes the signed-in user's password (`POST /me/password`): the current one is asked for, the
 * new one twice; the gateway's policy decides (its refusal is shown under the field). The user's
 * other sessions end.
 */
export function PasswordForm() {
  const qc = useQueryClient();
  const ns = useNamespace();
  const toast = useToast();
  const form = useForm<PasswordValues>({ resolver: passwordResolver, defaultValues: EMPTY });
  const change = useMutation({
    mutationFn: ({ current, next }: PasswordValues) =>
      apiFetch<{ sessions_ended: number }>('/me/password', {
        partner: ns,
        method: 'POST',
        body: { current_password: current, new_password: next },
      }),
    onSuccess: (r) => {
      form.reset(EMPTY);
      toast(
        'success',
        r.sessions_ended
          ? `Password changed; ${r.sessions_ended === 1 ? '1 other session' : `${r.sessions_ended} other sessions`} signed out`
          : 'Password changed',
      );
      void qc.invalidateQueries({ queryKey: sessionQueries.keys.all });
    },
    onError: (e: Error) => showServerError(form, e, { current_password: 'current', new_password: 'next' }),
  });
  return (
    <form
      className={`flex max-w-xl flex-col gap-3 ${CARD}`}
      noValidate
      onSubmit={form.handleSubmit((v) => change.mutate(v))}
    >
      <h2 className="font-medium">Password</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Your other sessions are signed out.</p>
      <Field
        label="Current password"
        id="current-password"
        type="password"
        autoComplete="current-password"
        {...formField(form, 'current')}
      />
      <Field
        label="New password"
        id="new-password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters that are hard to guess: a phrase of unrelated words works well."
        {...formField(form, 'next')}
      />
      <Field
        label="New password, again"
        id="new-password-again"
        type="password"
        autoComplete="new-password"
        {...formField(form, 'again')}
      />
      <FormFooter form={form} submit="Change password" busy="Changing…" pending={change.isPending} />
    </form>
  );
}
