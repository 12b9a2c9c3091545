import { recordPage } from '@/components/screen/screen-page';
import type { GetNetworkSettlementResponse } from '@/lib/schemas/settlements';
import { NetworkBatchClient } from './client';

/** Participants a page. */
const PARTICIPANTS_LIMIT = 50;

export const metadata = { title: 'Settlement batch · Network · Payment Network' };

/** Anyone else is told whose the screen is by the operator layout, without a call to the gateway. */
export default recordPage<{ batch_id: string }, GetNetworkSettlementResponse>({
  href: '/operator/network',
  read: ({ batch_id }) => `/operator/settlements/${encodeURIComponent(batch_id)}?limit=${PARTICIPANTS_LIMIT}`,
  render: ({ params, initial }) => (
    <NetworkBatchClient batchId={params.batch_id} limit={PARTICIPANTS_LIMIT} initial={initial!} />
  ),
});
