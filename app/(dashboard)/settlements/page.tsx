import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { SettlementsScreen } from './client';

export const metadata = { title: 'Settlements · Payment Network' };

export default screenPage({
  href: '/settlements',
  Screen: SettlementsScreen,
  denied: {
    text: (
      <>
        This screen lists the batches one namespace settled in; the network operator holds no namespace. Every
        batch of the network is on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </>
    ),
  },
});
