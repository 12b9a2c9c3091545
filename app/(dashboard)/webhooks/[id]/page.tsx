import { recordPage } from '@/components/screen/screen-page';
import type { Webhook } from '@/lib/client/queries/webhooks';
import { can } from '@/lib/domain/permissions';
import { WebhookDetail } from './client';

export const metadata = { title: 'Webhook · Payment Network' };

/** Everyone in the organization may read the endpoint; the gateway lets only admins change it. */
export default recordPage<{ id: string }, Webhook>({
  href: '/webhooks',
  denied: {
    title: 'Webhook',
    text: (
      <>
        A webhook endpoint is one namespace&apos;s; the network operator holds no namespace, and receives no
        events.
      </>
    ),
  },
  read: ({ id }) => `/webhook/${encodeURIComponent(id)}`,
  render: ({ params, me, partnerId, initial }) => (
    <WebhookDetail
      id={params.id}
      initial={initial!}
      canManage={can(me.role, 'webhooks.manage')}
      partnerId={partnerId}
    />
  ),
});
