import { ParticipantsOnly } from '@/components/ui/admins-only';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { DeliveryDetail as DeliveryDetailData } from '@/lib/client/queries/webhooks';
import { can, canOpen } from '@/lib/domain/permissions';
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
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/webhooks'))
    return (
      <ParticipantsOnly title="Webhook delivery">
        A delivery is one namespace&apos;s webhook endpoint&apos;s; the network operator holds no namespace,
        and receives no events.
      </ParticipantsOnly>
    );
  const delivery = await readRecordOrNotFound<DeliveryDetailData>(
    `/webhook/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`,
  );
  return (
    <DeliveryDetail
      webhookId={webhookId}
      deliveryId={deliveryId}
      initial={{ partnerId: partnerId ?? null, data: delivery }}
      canRetry={can(me.role, 'webhooks.manage')}
    />
  );
}
