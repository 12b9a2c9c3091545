import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { LinksScreen } from './client';

export const metadata = { title: 'Links · Payment Network' };

export default screenPage({
  href: '/links',
  Screen: LinksScreen,
  denied: {
    text: (
      <>
        This screen lists one namespace&apos;s links with its counterparties; the network operator holds no
        namespace. An organization&apos;s namespaces are on its page under{' '}
        <Link href="/operator" className="underline">
          Organizations
        </Link>
        .
      </>
    ),
  },
});
