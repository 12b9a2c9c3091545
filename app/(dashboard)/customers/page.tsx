import { Suspense } from 'react';
import { Client } from './client';

export const metadata = { title: 'Customers · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <Client />
    </Suspense>
  );
}
