import { redirect } from 'next/navigation';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import { canOpen } from '@/lib/domain/permissions';
import type { BatchDetail } from '@/lib/client/queries/settlements';
import { BatchDetailClient } from './client';

export const metadata = { title: 'Settlement batch · Payment Network' };

export default async function Page({ params }: { params: Promise<{ batch_id: string }> }) {
  const batchId = decodeURIComponent((await params).batch_id);
  // The operator holds no namespace: a batch opens on the network's page of it.
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/settlements')) redirect(`/operator/network/batches/${encodeURIComponent(batchId)}`);
  const batch = await readRecordOrNotFound<BatchDetail>(`/settlements/${encodeURIComponent(batchId)}`);
  return <BatchDetailClient batchId={batchId} initial={{ partnerId: partnerId ?? null, data: batch }} />;
}
