import { Suspense } from 'react';
import { OperatorClient } from './client';

export const metadata = { title: 'Organizations · Payment Network' };

export default function OperatorPage() {
  return (
    <Suspense>
      <OperatorClient />
    </Suspense>
  );
}
