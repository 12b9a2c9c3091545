import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { SettlementsClient } from './client';

export const metadata = { title: 'Settlements · Payment Network' };

export default async function Page() {
  const { partnerId } = await requireMe();
  return (
    <Suspense>
      <SettlementsClient partnerId={partnerId ?? null} />
    </Suspense>
  );
}
