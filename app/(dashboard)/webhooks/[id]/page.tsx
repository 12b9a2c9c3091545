import { ParticipantsOnly } from '@/components/ui/admins-only';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { Webhook } from '@/lib/client/queries/webhooks';
import { can, canOpen } from '@/lib/domain/permissions';
import { WebhookDetail } from './client';

export const metadata = { title: 'Webhook · Payment Network' };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  // Everyone in the organization may read the endpoint; the gateway lets only admins change it.
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/webhooks'))
    return (
      <ParticipantsOnly title="Webhook">
        A webhook endpoint is one namespace&apos;s; the network operator holds no namespace, and receives no
        events.
      </ParticipantsOnly>
    );
  const webhook = await readRecordOrNotFound<Webhook>(`/webhook/${encodeURIComponent(id)}`);
  return (
    <WebhookDetail
      id={id}
      initial={{ partnerId: partnerId ?? null, data: webhook }}
      canManage={can(me.role, 'webhooks.manage')}
      partnerId={partnerId ?? null}
    />
  );
}
