import { screenPage } from '@/components/screen/screen-page';
import { WebhooksScreen } from './client';

export const metadata = { title: 'Webhooks · Payment Network' };

export default screenPage({
  href: '/webhooks',
  Screen: WebhooksScreen,
  denied: {
    text: (
      <>
        This screen lists one namespace&apos;s webhook endpoints; the network operator holds no namespace, and
        receives no events.
      </>
    ),
  },
});
