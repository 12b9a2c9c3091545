import { Suspense } from 'react';
import { Client } from './client';

export const metadata = { title: 'Accounts · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <Client />
    </Suspense>
  );
}
