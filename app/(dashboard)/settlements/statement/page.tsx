import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { StatementClient } from './client';

export const metadata = { title: 'Settlement statement · Payment Network' };

export default screenPage({
  href: '/settlements',
  Screen: StatementClient,
  denied: {
    title: 'Settlement statement',
    text: (
      <>
        A statement sums one namespace&apos;s settlements; the network operator holds no namespace. Every
        batch of the network is on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </>
    ),
  },
});
