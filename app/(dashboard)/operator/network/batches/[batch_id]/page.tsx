import { Suspense } from 'react';
import { NetworkBatchClient } from './client';

export const metadata = { title: 'Settlement batch · Network · Payment Network' };

export default async function Page({ params }: { params: Promise<{ batch_id: string }> }) {
  const { batch_id } = await params;
  return (
    <Suspense>
      <NetworkBatchClient batchId={decodeURIComponent(batch_id)} />
    </Suspense>
  );
}
