'use client';

import { FormAlert } from '@/components/ui/form-alert';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { atLeast, email } from '@/lib/client/form-rules';

type Values = { email: string; password: string };
const RULES = { email: email('Enter an email address'), password: atLeast(1, 'Enter your password') };

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>();

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await signIn('credentials', {
      email: values.email,
      password: values.password,
      redirect: false,
    });
    if (!res || res.error) {
      setError('Wrong email or password');
      return;
    }
    router.replace(params.get('callbackUrl') ?? '/');
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
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
        autoComplete="current-password"
        {...register('password', RULES.password)}
        id="password"
        error={formState.errors.password?.message}
      />
      <FormAlert message={error} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        New here?{' '}
        <Link href="/signup" className="text-blue-700 underline dark:text-blue-400">
          Create a sandbox organization
        </Link>
      </p>
    </form>
  );
}
