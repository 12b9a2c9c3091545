import { screenPage } from '@/components/screen/screen-page';
import { ApiKeysScreen } from './client';

export const metadata = { title: 'API keys · Payment Network' };

export default screenPage({
  href: '/api-keys',
  Screen: ApiKeysScreen,
  denied: {
    text: (
      <>
        Only your organization&apos;s admins can see, create or revoke API keys. Ask one of them for a key
        your back end can use.
      </>
    ),
  },
});
