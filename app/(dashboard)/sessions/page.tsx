import { Suspense } from 'react';
import { SessionsClient } from './client';

export const metadata = { title: 'Sessions · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <SessionsClient />
    </Suspense>
  );
}
