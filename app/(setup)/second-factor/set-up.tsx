'use client';

import { signOut } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { SecondFactor } from '@/app/(dashboard)/sessions/second-factor';

/** Sets up the second factor the organization requires, then opens the dashboard. */
export function SetUpSecondFactor({ organization }: { organization: string }) {
  const router = useRouter();
  return (
    <>
      <p
        role="status"
        className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        {organization} requires a second factor of everyone: set up an authenticator app or a passkey below.
        The dashboard opens once it is on.
      </p>
      <SecondFactor
        onDone={() => {
          router.replace('/');
          router.refresh();
        }}
      />
      <div>
        <Button type="button" variant="secondary" onClick={() => void signOut({ callbackUrl: '/signin' })}>
          Sign out
        </Button>
      </div>
    </>
  );
}
