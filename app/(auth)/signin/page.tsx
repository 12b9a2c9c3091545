import { Suspense } from 'react';
import { SignInForm } from './sign-in-form';
import { PageTitle } from '@/components/ui/page-title';

export const metadata = { title: 'Sign in · Payment Network' };

export default function SignInPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <PageTitle description={<>Payment network administration</>}>Sign in</PageTitle>
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
