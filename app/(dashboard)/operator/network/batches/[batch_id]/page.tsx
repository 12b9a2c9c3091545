import { canOpen } from '@/lib/domain/permissions';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { GetNetworkSettlementResponse } from '@/lib/schemas/settlements';
import { NetworkBatchClient } from './client';

/** Participants a page. */
const PARTICIPANTS_LIMIT = 50;

export const metadata = { title: 'Settlement batch · Network · Payment Network' };

export default async function Page({ params }: { params: Promise<{ batch_id: string }> }) {
  const batchId = decodeURIComponent((await params).batch_id);
  // Anyone else is told whose the screen is by the operator layout, without a call to the gateway.
  const { me } = await requireMe();
  if (!canOpen(me.role, '/operator/network')) return null;
  const batch = await readRecordOrNotFound<GetNetworkSettlementResponse>(
    `/operator/settlements/${encodeURIComponent(batchId)}?limit=${PARTICIPANTS_LIMIT}`,
  );
  return (
    <NetworkBatchClient
      batchId={batchId}
      limit={PARTICIPANTS_LIMIT}
      initial={{ partnerId: null, data: batch }}
    />
  );
}
