import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { AccountsScreen } from './client';

export const metadata = { title: 'Accounts · Payment Network' };

export default screenPage({
  href: '/accounts',
  Screen: AccountsScreen,
  denied: {
    text: (
      <>
        This screen lists one namespace&apos;s settlement accounts; the network operator holds no namespace.
        The accounts awaiting verification are on{' '}
        <Link href="/operator/accounts" className="underline">
          Accounts to verify
        </Link>
        .
      </>
    ),
  },
});
