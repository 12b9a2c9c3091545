import { Link } from '@/components/ui/link';
import { ParticipantsOnly } from '@/components/ui/admins-only';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import { can, canOpen } from '@/lib/domain/permissions';
import type { Account } from '../account';
import { AccountDetail } from './client';

export const metadata = { title: 'Account · Payment Network' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/accounts'))
    return (
      <ParticipantsOnly title="Account">
        An account is one namespace&apos;s; the network operator holds no namespace. The accounts awaiting
        verification are on{' '}
        <Link href="/operator/accounts" className="underline">
          Accounts to verify
        </Link>
        .
      </ParticipantsOnly>
    );
  const account = await readRecordOrNotFound<Account>(`/account/${encodeURIComponent(id)}`);
  const namespace = me.partners.find((p) => p.token === partnerId);
  return (
    <AccountDetail
      initial={{ partnerId: partnerId ?? null, data: account }}
      canManage={can(me.role, 'accounts.manage')}
      isSandbox={namespace?.environment === 'sandbox'}
    />
  );
}
