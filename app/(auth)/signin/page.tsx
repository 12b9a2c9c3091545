import { Suspense } from 'react';
import { SignInForm } from './sign-in-form';

export const metadata = { title: 'Sign in · Payment Network' };

export default function SignInPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold">Sign in</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">Payment network administration</p>
      </div>
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
