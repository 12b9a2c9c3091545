'use client';

import { FormAlert } from '@/components/ui/form-alert';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { atLeast, email, text } from '@/lib/client/form-rules';

type Values = { name: string; email: string; password: string };
const RULES = {
  name: text('Enter the organization name'),
  email: email('Enter an email address'),
  password: atLeast(10, 'Use at least 10 characters'),
};

export function SignUpForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>();

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
        {...register('name', RULES.name)}
        id="name"
        error={formState.errors.name?.message}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        {...register('email', RULES.email)}
        id="email"
        error={formState.errors.email?.message}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        {...register('password', RULES.password)}
        id="password"
        error={formState.errors.password?.message}
      />
      <FormAlert message={error} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating…' : 'Create organization'}
      </Button>
    </form>
  );
}
