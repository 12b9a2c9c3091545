import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { Client } from './client';

export const metadata = { title: 'Task queue · Payment Network' };

export default async function Page() {
  const { partnerId } = await requireMe();
  return (
    <Suspense>
      <Client partnerId={partnerId ?? null} />
    </Suspense>
  );
}
