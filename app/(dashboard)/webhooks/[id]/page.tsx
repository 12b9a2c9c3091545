import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { Webhook } from '@/lib/client/queries/webhooks';
import { canManage } from '@/lib/domain/permissions';
import { WebhookDetail } from './client';

export const metadata = { title: 'Webhook · Payment Network' };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  // Everyone in the organization may read the endpoint; the gateway lets only admins change it.
  const [webhook, { me, partnerId }] = await Promise.all([
    readRecordOrNotFound<Webhook>(`/webhook/${encodeURIComponent(id)}`),
    requireMe(),
  ]);
  return (
    <WebhookDetail
      id={id}
      initial={{ partnerId: partnerId ?? null, data: webhook }}
      canManage={canManage(me.role)}
      partnerId={partnerId ?? null}
    />
  );
}
