import { Suspense } from 'react';
import { StatementClient } from './client';

export const metadata = { title: 'Settlement statement · Payment Network' };

export default function Page() {
  return (
    <Suspense>
      <StatementClient />
    </Suspense>
  );
}
