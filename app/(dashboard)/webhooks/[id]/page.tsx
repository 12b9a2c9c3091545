import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { WebhookDetail } from './client';
import { canManage } from '@/lib/dashboard/permissions';

export const metadata = { title: 'Webhook · Payment Network' };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Everyone in the organization may read the endpoint; the gateway lets only admins change it.
  const { me, partnerId } = await requireMe();
  return (
    <Suspense>
      <WebhookDetail
        id={decodeURIComponent(id)}
        canManage={canManage(me.role)}
        partnerId={partnerId ?? null}
      />
    </Suspense>
  );
}
