import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { NamespacesClient } from './client';
import { canManage } from '@/lib/dashboard/permissions';

export const metadata = { title: 'Namespaces · Payment Network' };

export default async function NamespacesPage() {
  // Everyone in the organization reads this screen; the gateway lets only admins change it.
  const { me } = await requireMe();
  return (
    <Suspense>
      <NamespacesClient canManage={canManage(me.role)} verified={me.organization?.status === 'verified'} />
    </Suspense>
  );
}
