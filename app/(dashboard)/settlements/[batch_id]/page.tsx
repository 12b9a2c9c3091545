import { redirect } from 'next/navigation';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { BatchDetail } from '@/lib/client/queries/settlements';
import { chartOrder } from '@/components/charts/chart-order';
import { BatchDetailClient } from './client';
import { POSITIONS_PAGE } from './positions-page';

export const metadata = { title: 'Settlement batch · Payment Network' };

export default async function Page({ params }: { params: Promise<{ batch_id: string }> }) {
  const batchId = decodeURIComponent((await params).batch_id);
  // The operator holds no namespace: a batch opens on the network's page of it.
  const { me, partnerId } = await requireMe();
  if (me.role === 'operator') redirect(`/operator/network/batches/${encodeURIComponent(batchId)}`);
  const batch = await readRecordOrNotFound<BatchDetail>(`/settlements/${encodeURIComponent(batchId)}`);
  // Past a page of counterparties, the HTML carries the table's first page of positions only: a
  // thousand positions were three quarters of the page's bytes, parsed before its first paint on
  // a phone. The browser reads the whole batch for the chart and the other pages after the page.
  const count = batch.positions.length;
  const first =
    count > POSITIONS_PAGE
      ? { ...batch, positions: chartOrder(batch.positions).slice(0, POSITIONS_PAGE) }
      : batch;
  return (
    <BatchDetailClient
      batchId={batchId}
      initial={{ partnerId: partnerId ?? null, data: first }}
      positionsCount={count}
    />
  );
}
