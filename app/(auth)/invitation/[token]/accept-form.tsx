'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { formField } from '@/lib/client/form-field';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { refusalOf } from '@/lib/client/api';
import { showServerError } from '@/lib/client/server-error';
import { DASHBOARD_HEADER } from '@/lib/security/same-origin';

interface Values {
  name: string;
  password: string;
  confirm: string;
}

/** Sets the invited person's own password, then signs them in. */
export function AcceptInvitationForm({ token, email, name }: { token: string; email: string; name: string }) {
  const router = useRouter();
  const form = useForm<Values>({
    defaultValues: { name, password: '', confirm: '' },
  });
  const { handleSubmit } = form;

  const onSubmit = handleSubmit(async (v) => {
    const res = await fetch(`/api/invitation/${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        [DASHBOARD_HEADER]: '1',
      },
      body: JSON.stringify({ password: v.password, ...(v.name.trim() ? { name: v.name.trim() } : {}) }),
    });
    if (!res.ok) {
      // A weak password under the field, in the form's words; anything else above the button.
      showServerError(form, await refusalOf(res, 'The password could not be set'));
      return;
    }
    const signedIn = await signIn('credentials', { email, password: v.password, redirect: false });
    if (signedIn?.error) {
      router.replace('/signin');
      return;
    }
    router.replace('/');
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field label="Email" id="email" value={email} readOnly autoComplete="username" />
      <Field label="Full name" id="name" autoComplete="name" {...form.register('name', { maxLength: 120 })} />
      <Field
        label="New password"
        type="password"
        id="password"
        autoComplete="new-password"
        {...formField(form, 'password', {
          required: 'Choose a password',
          minLength: { value: 12, message: 'Use at least 12 characters' },
          maxLength: { value: 200, message: 'At most 200 characters' },
        })}
        hint="At least 12 characters, not a common password and not easy to guess from your name or address."
      />
      <Field
        label="Repeat the password"
        type="password"
        id="confirm"
        autoComplete="new-password"
        {...formField(form, 'confirm', {
          validate: (value, all) => value === all.password || 'The two passwords differ',
        })}
      />
      <FormFooter form={form} submit="Set password and sign in" busy="Setting…" wide />
    </form>
  );
}
