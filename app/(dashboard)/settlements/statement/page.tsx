import { Suspense } from 'react';
import { Link } from '@/components/ui/link';
import { ParticipantsOnly } from '@/components/ui/admins-only';
import { canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { StatementClient } from './client';

export const metadata = { title: 'Settlement statement · Payment Network' };

export default async function Page() {
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/settlements'))
    return (
      <ParticipantsOnly title="Settlement statement">
        A statement sums one namespace&apos;s settlements; the network operator holds no namespace. Every
        batch of the network is on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </ParticipantsOnly>
    );
  return (
    <Suspense>
      <StatementClient partnerId={partnerId ?? null} />
    </Suspense>
  );
}
