import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { WebhooksClient } from './client';
import { canManage } from '@/lib/dashboard/permissions';

export const metadata = { title: 'Webhooks · Payment Network' };

export default async function WebhooksPage() {
  // Everyone in the organization may read the endpoints; the gateway lets only admins change them.
  const { me } = await requireMe();
  return (
    <Suspense>
      <WebhooksClient canManage={canManage(me.role)} />
    </Suspense>
  );
}
