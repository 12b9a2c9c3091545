import { Link } from '@/components/ui/link';
import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { NamespacesClient } from './client';
import { can, canOpen } from '@/lib/domain/permissions';
import { ParticipantsOnly } from '@/components/ui/admins-only';

export const metadata = { title: 'Namespaces · Payment Network' };

export default async function NamespacesPage() {
  // Everyone in the organization reads this screen; the gateway lets only admins change it.
  const { me } = await requireMe();
  if (!canOpen(me.role, '/namespaces'))
    return (
      <ParticipantsOnly title="Namespaces">
        This screen lists one organization&apos;s namespaces; the network operator holds none. Each
        organization&apos;s namespaces are on its page under{' '}
        <Link href="/operator" className="underline">
          Organizations
        </Link>
        .
      </ParticipantsOnly>
    );
  return (
    <Suspense>
      <NamespacesClient
        canManage={can(me.role, 'namespaces.manage')}
        verified={me.organization?.status === 'verified'}
      />
    </Suspense>
  );
}
