import { Suspense } from 'react';
import { BatchDetailClient } from './client';

export const metadata = { title: 'Settlement batch · Payment Network' };

export default async function Page({ params }: { params: Promise<{ batch_id: string }> }) {
  const { batch_id } = await params;
  return (
    <Suspense>
      <BatchDetailClient batchId={decodeURIComponent(batch_id)} />
    </Suspense>
  );
}
