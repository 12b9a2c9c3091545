import { Link } from '@/components/ui/link';
import { readableListPage } from '@/components/ui/readable-list-page';
import { Client } from './client';

export const metadata = { title: 'Links · Payment Network' };

export default readableListPage('/links', 'links.manage', Client, {
  title: 'Links',
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
});
