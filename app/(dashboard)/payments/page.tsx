import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { PaymentsScreen } from './client';
import { paymentsFirstPage } from './search-params';

export const metadata = { title: 'Payments · Payment Network' };

export default screenPage({
  href: '/payments',
  Screen: PaymentsScreen,
  denied: {
    text: (
      <>
        This screen lists one namespace&apos;s payments; the network operator holds no namespace. The
        network&apos;s settled transactions are in its settlement batches, on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </>
    ),
  },
  loading: 'Loading payments…',
  // The first page comes with the HTML; filters changed afterwards are fetched by the browser.
  firstPage: paymentsFirstPage,
});
