'use client';

import { FormAlert } from '@/components/ui/form-alert';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { SignUpValues } from './sign-up-schema';

const signUpResolver = lazyResolver(() => import('./sign-up-schema').then((m) => m.signUpResolver));

export function SignUpForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignUpValues>({
    resolver: signUpResolver,
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    const res = await fetch('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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
      <Field
        label="Organization name"
        {...register('name')}
        id="name"
        error={formState.errors.name?.message}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        {...register('email')}
        id="email"
        error={formState.errors.email?.message}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        {...register('password')}
        id="password"
        hint="At least 12 characters, not a common password and not easy to guess from your name or address."
        error={formState.errors.password?.message}
      />
      <FormAlert message={error} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating…' : 'Create organization'}
      </Button>
    </form>
  );
}
