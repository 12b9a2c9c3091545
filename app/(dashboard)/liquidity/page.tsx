import { Link } from '@/components/ui/link';
import { Suspense } from 'react';
import { ParticipantsOnly, RoleOnly } from '@/components/ui/admins-only';
import { ListPageSkeleton } from '@/components/ui/skeleton';
import { can, canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { LiquidityClient } from './client';

export const metadata = { title: 'Liquidity · Payment Network' };

export default async function Page() {
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/liquidity'))
    return (
      <ParticipantsOnly title="Liquidity">
        This screen shows one namespace&apos;s settlement balance, cap and queue; the network operator holds
        no namespace. Every participant&apos;s is on the operator&apos;s{' '}
        <Link href="/operator/liquidity" className="underline">
          Liquidity
        </Link>{' '}
        desk.
      </ParticipantsOnly>
    );
  if (!partnerId)
    return (
      <RoleOnly title="Liquidity" who="No namespace yet">
        Create a namespace first: liquidity is kept per namespace and currency.
      </RoleOnly>
    );
  return (
    <Suspense fallback={<ListPageSkeleton label="Loading liquidity…" />}>
      <LiquidityClient partnerId={partnerId} canManage={can(me.role, 'namespaces.manage')} />
    </Suspense>
  );
}
