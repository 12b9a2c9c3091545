'use client';

import { FormAlert } from '@/components/ui/form-alert';
import { signIn } from 'next-auth/react';
import { Link } from '@/components/ui/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formField } from '@/lib/client/form-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  SECOND_FACTOR_REQUIRED,
  SIGN_IN_GUARDED,
  SIGN_IN_THROTTLED,
  signInErrorMessage,
} from '@/lib/domain/sign-in-errors';
import { passkeyFailure } from '@/lib/client/passkey-failure';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { DASHBOARD_HEADER } from '@/lib/security/same-origin';
import { sameOriginPath } from '@/lib/security/redirect-target';
import type { SignInValues } from './sign-in-schema';
import { LINK } from '@/components/ui/styles';

const signInResolver = lazyResolver(() => import('./sign-in-schema').then((m) => m.signInResolver));

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  // The second step: shown once the gateway asks for the account's second factor (a code or a passkey).
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // The options of a passkey ceremony, asked for as soon as the second step shows: the passkey
  // button is offered only to an account that has a passkey, and starts without a round trip.
  const [passkeyOptions, setPasskeyOptions] = useState<unknown>(null);
  const form = useForm<SignInValues>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });
  const { handleSubmit, formState, getValues } = form;

  /** Signed in: on to the page of this dashboard that sent here, or the overview. */
  const enter = () => {
    router.replace(sameOriginPath(params.get('callbackUrl'), window.location.origin));
    router.refresh();
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await signIn('credentials', {
      email: values.email,
      password: values.password,
      ...(askCode && code ? { code } : {}),
      redirect: false,
    });
    if (!res || res.error) {
      if (res?.error === SECOND_FACTOR_REQUIRED) {
        setAskCode(true);
        void passkeyChallenge(values.email, values.password);
      }
      // A guarded account signs in from a new address with its code and password together.
      if (res?.error?.startsWith(`${SIGN_IN_GUARDED}:`)) setAskCode(true);
      setError(
        askCode && res?.error === 'CredentialsSignin'
          ? 'Wrong code: enter the current one from your app, or a recovery code'
          : signInErrorMessage(res?.error ?? ''),
      );
      return;
    }
    enter();
  });

  // The second step with a passkey: the gateway checks the password again and hands out a
  // challenge (null when the account has no passkey or the request failed; `onError` says why);
  // the browser's authenticator answers it; the answer signs in like a code.
  const passkeyChallenge = async (email: string, password: string, onError?: (m: string) => void) => {
    const started = await fetch('/api/passkey-signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DASHBOARD_HEADER]: '1' },
      body: JSON.stringify({ admin_email: email, admin_password: password }),
    }).catch(() => null);
    const body = (await started?.json().catch(() => null)) as {
      data?: { options: unknown };
      message?: string;
    } | null;
    const options = started?.ok && body?.data ? body.data.options : null;
    setPasskeyOptions(options);
    if (!options && onError)
      onError(
        started?.status === 429
          ? signInErrorMessage(`${SIGN_IN_THROTTLED}:${started.headers.get('retry-after') ?? ''}`)
          : started?.status === 401
            ? signInErrorMessage('')
            : (body?.message ?? 'The passkey sign-in could not start'),
      );
    return options;
  };

  const signInWithPasskey = async () => {
    setError(null);
    setPasskeyBusy(true);
    try {
      const { email, password } = getValues();
      const options = passkeyOptions ?? (await passkeyChallenge(email, password, setError));
      if (!options) return;
      const { startAuthentication } = await import('@simplewebauthn/browser');
      let answer;
      try {
        answer = await startAuthentication({ optionsJSON: options as never });
      } catch (err) {
        setError(passkeyFailure(err));
        return;
      }
      const res = await signIn('credentials', {
        email,
        password,
        passkey: JSON.stringify(answer),
        redirect: false,
      });
      if (!res || res.error) {
        setError(
          res?.error === 'CredentialsSignin'
            ? 'The passkey was not accepted: try again, or enter a code'
            : signInErrorMessage(res?.error ?? ''),
        );
        // Its challenge may be spent or past its 5 minutes: the next try gets a fresh one.
        void passkeyChallenge(email, password);
        return;
      }
      enter();
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field label="Email" type="email" autoComplete="email" {...formField(form, 'email')} id="email" />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        {...formField(form, 'password')}
        id="password"
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
      <Button type="submit" disabled={formState.isSubmitting || passkeyBusy}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
      {askCode && passkeyOptions ? (
        <Button
          type="button"
          variant="secondary"
          disabled={formState.isSubmitting || passkeyBusy}
          onClick={() => void signInWithPasskey()}
        >
          {passkeyBusy ? 'Waiting for the passkey…' : 'Use a passkey instead'}
        </Button>
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        New here?{' '}
        <Link href="/signup" className={LINK}>
          Create a sandbox organization
        </Link>
      </p>
    </form>
  );
}
