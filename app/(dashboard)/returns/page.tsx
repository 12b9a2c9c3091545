import { Link } from '@/components/ui/link';
import { Suspense } from 'react';
import { ParticipantsOnly, RoleOnly } from '@/components/ui/admins-only';
import { ListPageSkeleton } from '@/components/ui/skeleton';
import { canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { ReturnsClient } from './client';

export const metadata = { title: 'Returns · Payment Network' };

export default async function Page() {
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/returns'))
    return (
      <ParticipantsOnly title="Returns">
        This screen lists one namespace&apos;s returns of funds; the network operator holds no namespace.
        Returns are transactions like any other, in the network&apos;s settlement batches on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </ParticipantsOnly>
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
