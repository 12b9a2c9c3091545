import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { NamespacesScreen } from './client';

export const metadata = { title: 'Namespaces · Payment Network' };

export default screenPage({
  href: '/namespaces',
  Screen: NamespacesScreen,
  denied: {
    text: (
      <>
        This screen lists one organization&apos;s namespaces; the network operator holds none. Each
        organization&apos;s namespaces are on its page under{' '}
        <Link href="/operator" className="underline">
          Organizations
        </Link>
        .
      </>
    ),
  },
});
