import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { Account } from '../account';
import { AccountDetail } from './client';

export const metadata = { title: 'Account · Payment Network' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const account = await readRecordOrNotFound<Account>(`/account/${encodeURIComponent(id)}`);
  const { me, partnerId } = await requireMe();
  const namespace = me.partners.find((p) => p.token === partnerId);
  return (
    <AccountDetail
      initial={account}
      canManage={me.role === 'admin'}
      isSandbox={namespace?.environment === 'sandbox'}
    />
  );
}
