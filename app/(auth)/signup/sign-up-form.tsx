'use client';

import { FormAlert } from '@/components/ui/form-alert';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formField } from '@/lib/client/form-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { DASHBOARD_HEADER } from '@/lib/security/same-origin';
import type { SignUpValues } from './sign-up-schema';

const signUpResolver = lazyResolver(() => import('./sign-up-schema').then((m) => m.signUpResolver));

export function SignUpForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    resolver: signUpResolver,
    defaultValues: { name: '', email: '', password: '' },
  });
  const { handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    const res = await fetch('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DASHBOARD_HEADER]: '1' },
      body: JSON.stringify({ name: v.name, admin_email: v.email, admin_password: v.password }),
    });
    if (!res.ok) {
      const body = await res.json().catch(() => null);
      setError(body?.message ?? 'Sign-up failed');
      return;
    }
    await signIn('credentials', { email: v.email, password: v.password, redirect: false });
    router.replace('/');
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field label="Organization name" {...formField(form, 'name')} id="name" />
      <Field label="Email" type="email" autoComplete="email" {...formField(form, 'email')} id="email" />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        {...formField(form, 'password')}
        id="password"
        hint="At least 12 characters, not a common password and not easy to guess from your name or address."
      />
      <FormAlert message={error} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating…' : 'Create organization'}
      </Button>
    </form>
  );
}
