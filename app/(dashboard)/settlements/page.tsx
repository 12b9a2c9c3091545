import { Link } from '@/components/ui/link';
import { Suspense } from 'react';
import { ParticipantsOnly } from '@/components/ui/admins-only';
import { canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { SettlementsClient } from './client';

export const metadata = { title: 'Settlements · Payment Network' };

export default async function Page() {
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/settlements'))
    return (
      <ParticipantsOnly title="Settlements">
        This screen lists the batches one namespace settled in; the network operator holds no namespace. Every
        batch of the network is on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </ParticipantsOnly>
    );
  return (
    <Suspense>
      <SettlementsClient partnerId={partnerId ?? null} />
    </Suspense>
  );
}
