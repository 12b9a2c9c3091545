import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { StatementClient } from './client';

export const metadata = { title: 'Settlement statement · Payment Network' };

export default async function Page() {
  const { partnerId } = await requireMe();
  return (
    <Suspense>
      <StatementClient partnerId={partnerId ?? null} />
    </Suspense>
  );
}
