import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { ReturnsScreen } from './client';

export const metadata = { title: 'Returns · Payment Network' };

export default screenPage({
  href: '/returns',
  Screen: ReturnsScreen,
  denied: {
    text: (
      <>
        This screen lists one namespace&apos;s returns of funds; the network operator holds no namespace.
        Returns are transactions like any other, in the network&apos;s settlement batches on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </>
    ),
  },
  needsNamespace: 'Create a namespace first: returns are kept per namespace.',
  loading: 'Loading returns…',
});
