import { screenPage } from '@/components/screen/screen-page';
import { CustomersScreen } from './client';

export const metadata = { title: 'Customers · Payment Network' };

export default screenPage({
  href: '/customers',
  Screen: CustomersScreen,
  denied: {
    text: (
      <>
        This screen lists one namespace&apos;s customers; the network operator holds no namespace, and a
        participant&apos;s customers are its own.
      </>
    ),
  },
});
