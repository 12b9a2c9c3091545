import { Suspense } from 'react';
import { AccountsReview } from './client';

export const metadata = { title: 'Accounts to verify · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <AccountsReview />
    </Suspense>
  );
}
