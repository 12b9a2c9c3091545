import { Link } from '@/components/ui/link';
import { readableListPage } from '@/components/ui/readable-list-page';
import { Client } from './client';

export const metadata = { title: 'Accounts · Payment Network' };

export default readableListPage('/accounts', 'accounts.manage', Client, {
  title: 'Accounts',
  text: (
    <>
      This screen lists one namespace&apos;s settlement accounts; the network operator holds no namespace. The
      accounts awaiting verification are on{' '}
      <Link href="/operator/accounts" className="underline">
        Accounts to verify
      </Link>
      .
    </>
  ),
});
