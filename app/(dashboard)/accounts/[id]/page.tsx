import { recordPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { can } from '@/lib/domain/permissions';
import type { Account } from '../account';
import { AccountDetail } from './client';

export const metadata = { title: 'Account · Payment Network' };

export default recordPage<{ id: string }, Account>({
  href: '/accounts',
  denied: {
    title: 'Account',
    text: (
      <>
        An account is one namespace&apos;s; the network operator holds no namespace. The accounts awaiting
        verification are on{' '}
        <Link href="/operator/accounts" className="underline">
          Accounts to verify
        </Link>
        .
      </>
    ),
  },
  read: ({ id }) => `/account/${encodeURIComponent(id)}`,
  render: ({ me, partnerId, initial }) => (
    <AccountDetail
      initial={initial!}
      canManage={can(me.role, 'accounts.manage')}
      isSandbox={me.partners.find((p) => p.token === partnerId)?.environment === 'sandbox'}
    />
  ),
});
