import { recordPage } from '@/components/screen/screen-page';
import type { DeliveryDetail as DeliveryDetailData } from '@/lib/client/queries/webhooks';
import { can } from '@/lib/domain/permissions';
import { DeliveryDetail } from './client';

export const metadata = { title: 'Webhook delivery · Payment Network' };

export default recordPage<{ id: string; delivery_id: string }, DeliveryDetailData>({
  href: '/webhooks',
  denied: {
    title: 'Webhook delivery',
    text: (
      <>
        A delivery is one namespace&apos;s webhook endpoint&apos;s; the network operator holds no namespace,
        and receives no events.
      </>
    ),
  },
  read: ({ id, delivery_id }) =>
    `/webhook/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(delivery_id)}`,
  render: ({ params, me, initial }) => (
    <DeliveryDetail
      webhookId={params.id}
      deliveryId={params.delivery_id}
      initial={initial!}
      canRetry={can(me.role, 'webhooks.manage')}
    />
  ),
});
