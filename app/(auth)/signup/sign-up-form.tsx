'use client';

import { FormAlert } from '@/components/ui/form-alert';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { formField } from '@/lib/client/form-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Link } from '@/components/ui/link';
import { LINK } from '@/components/ui/styles';
import { refusalOf } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import { DASHBOARD_HEADER } from '@/lib/security/same-origin';
import type { SignUpValues } from './sign-up-schema';

const signUpResolver = lazyResolver(() => import('./sign-up-schema').then((m) => m.signUpResolver));

export function SignUpForm() {
  const router = useRouter();
  const form = useForm<SignUpValues>({
    resolver: signUpResolver,
    defaultValues: { name: '', email: '', password: '' },
  });
  const { handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (v) => {
    const res = await fetch('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DASHBOARD_HEADER]: '1' },
      body: JSON.stringify({ name: v.name, admin_email: v.email, admin_password: v.password }),
    });
    if (!res.ok) {
      // The gateway's refusal under the field it names, in the form's words (a weak password
      // under Password: "Choose a less common password …"), else above the button.
      showServerError(form, await refusalOf(res, 'Sign-up failed'), {
        admin_email: 'email',
        admin_password: 'password',
      });
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
      <FormAlert message={formState.errors.root?.message ?? null} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating…' : 'Create organization'}
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link href="/signin" className={LINK}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
