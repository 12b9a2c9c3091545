import { readableListPage } from '@/components/ui/readable-list-page';
import { WebhooksClient } from './client';

export const metadata = { title: 'Webhooks · Payment Network' };

export default readableListPage('/webhooks', 'webhooks.manage', WebhooksClient, {
  title: 'Webhooks',
  text: (
    <>
      This screen lists one namespace&apos;s webhook endpoints; the network operator holds no namespace, and
      receives no events.
    </>
  ),
});
