'use client';

import { FormAlert } from '@/components/ui/form-alert';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SECOND_FACTOR_REQUIRED, signInErrorMessage } from '@/lib/auth/sign-in-errors';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { SignInValues } from './sign-in-schema';
import { LINK } from '@/components/ui/styles';

const signInResolver = lazyResolver(() => import('./sign-in-schema').then((m) => m.signInResolver));

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  // The second step: shown once the gateway asks for the code of the account's second factor.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const { register, handleSubmit, formState } = useForm<SignInValues>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await signIn('credentials', {
      email: values.email,
      password: values.password,
      ...(askCode && code ? { code } : {}),
      redirect: false,
    });
    if (!res || res.error) {
      if (res?.error === SECOND_FACTOR_REQUIRED) setAskCode(true);
      setError(
        askCode && res?.error === 'CredentialsSignin'
          ? 'Wrong code: enter the current one from your app, or a recovery code'
          : signInErrorMessage(res?.error ?? ''),
      );
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
        {...register('email')}
        id="email"
        error={formState.errors.email?.message}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
        id="password"
        error={formState.errors.password?.message}
      />
      {askCode ? (
        <Field
          label="Authentication code"
          id="otp-code"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      ) : null}
      <FormAlert message={error} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        New here?{' '}
        <Link href="/signup" className={LINK}>
          Create a sandbox organization
        </Link>
      </p>
    </form>
  );
}
