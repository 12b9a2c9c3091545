import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { DeliveryDetail as DeliveryDetailData } from '@/lib/client/queries/webhooks';
import { canManage } from '@/lib/domain/permissions';
import { DeliveryDetail } from './client';

export const metadata = { title: 'Webhook delivery · Payment Network' };

export default async function DeliveryPage({
  params,
}: {
  params: Promise<{ id: string; delivery_id: string }>;
}) {
  const { id, delivery_id } = await params;
  const webhookId = decodeURIComponent(id);
  const deliveryId = decodeURIComponent(delivery_id);
  const [delivery, { me, partnerId }] = await Promise.all([
    readRecordOrNotFound<DeliveryDetailData>(
      `/webhook/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`,
    ),
    requireMe(),
  ]);
  return (
    <DeliveryDetail
      webhookId={webhookId}
      deliveryId={deliveryId}
      initial={{ partnerId: partnerId ?? null, data: delivery }}
      canRetry={canManage(me.role)}
    />
  );
}
