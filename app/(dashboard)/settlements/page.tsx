import { Suspense } from 'react';
import { SettlementsClient } from './client';

export const metadata = { title: 'Settlements · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <SettlementsClient />
    </Suspense>
  );
}
