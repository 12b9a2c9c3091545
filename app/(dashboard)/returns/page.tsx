import { Suspense } from 'react';
import { RoleOnly } from '@/components/ui/admins-only';
import { ListPageSkeleton } from '@/components/ui/skeleton';
import { canOpen } from '@/lib/dashboard/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { ReturnsClient } from './client';

export const metadata = { title: 'Returns · Payment Network' };

export default async function Page() {
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/returns'))
    return (
      <RoleOnly title="Returns" who="For the network's participants">
        This screen lists one namespace&apos;s returns of funds. The operator sees returns as the transactions
        they make, in the settlement batches.
      </RoleOnly>
    );
  if (!partnerId)
    return (
      <RoleOnly title="Returns" who="No namespace yet">
        Create a namespace first: returns are kept per namespace.
      </RoleOnly>
    );
  return (
    <Suspense fallback={<ListPageSkeleton label="Loading returns…" />}>
      <ReturnsClient partnerId={partnerId} />
    </Suspense>
  );
}
