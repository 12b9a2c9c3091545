import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { BatchDetailClient } from './client';

export const metadata = { title: 'Settlement batch · Payment Network' };

export default async function Page({ params }: { params: Promise<{ batch_id: string }> }) {
  const { batch_id } = await params;
  // The operator holds no namespace: a batch opens on the network's page of it.
  const { me } = await requireMe();
  if (me.role === 'operator') redirect(`/operator/network/batches/${batch_id}`);
  return (
    <Suspense>
      <BatchDetailClient batchId={decodeURIComponent(batch_id)} />
    </Suspense>
  );
}
