import { Suspense } from 'react';
import { Client } from './client';

export const metadata = { title: 'Links · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <Client />
    </Suspense>
  );
}
