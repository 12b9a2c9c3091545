import { screenPage } from '@/components/screen/screen-page';
import { RulesScreen } from './client';

export const metadata = { title: 'Rules · Payment Network' };

export default screenPage({
  href: '/rules',
  Screen: RulesScreen,
  denied: {
    text: (
      <>
        Rules decide one namespace&apos;s admission tasks; the network operator holds no namespace, and admits
        no payment.
      </>
    ),
  },
});
