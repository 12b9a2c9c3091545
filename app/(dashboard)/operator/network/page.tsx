import { Suspense } from 'react';
import { NetworkClient } from './client';

export const metadata = { title: 'Network · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <NetworkClient />
    </Suspense>
  );
}
