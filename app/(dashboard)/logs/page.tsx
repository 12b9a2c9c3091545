import { screenPage } from '@/components/screen/screen-page';
import { RequestLogScreen } from './client';

export const metadata = { title: 'Request log · Payment Network' };

export default screenPage({
  href: '/logs',
  Screen: RequestLogScreen,
  denied: {
    who: "Your organization's people only",
    text: "The request log lists a namespace's API requests; the network operator has none.",
  },
});
