import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { DeliveryDetail } from './client';
import { canManage } from '@/lib/dashboard/permissions';

export const metadata = { title: 'Webhook delivery · Payment Network' };

export default async function DeliveryPage({
  params,
}: {
  params: Promise<{ id: string; delivery_id: string }>;
}) {
  const { id, delivery_id } = await params;
  const { me } = await requireMe();
  return (
    <Suspense>
      <DeliveryDetail
        webhookId={decodeURIComponent(id)}
        deliveryId={decodeURIComponent(delivery_id)}
        canRetry={canManage(me.role)}
      />
    </Suspense>
  );
}
