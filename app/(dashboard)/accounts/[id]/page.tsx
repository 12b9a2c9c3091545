import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { Account } from '../account';
import { AccountDetail } from './client';
import { canManage } from '@/lib/domain/permissions';

export const metadata = { title: 'Account · Payment Network' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const account = await readRecordOrNotFound<Account>(`/account/${encodeURIComponent(id)}`);
  const { me, partnerId } = await requireMe();
  const namespace = me.partners.find((p) => p.token === partnerId);
  return (
    <AccountDetail
      initial={{ partnerId: partnerId ?? null, data: account }}
      canManage={canManage(me.role)}
      isSandbox={namespace?.environment === 'sandbox'}
    />
  );
}
