import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { Client } from './client';
import { canManage } from '@/lib/dashboard/permissions';

export const metadata = { title: 'Links · Payment Network' };

export default async function Page() {
  // Everyone in the organization reads this screen; the gateway lets only admins change it.
  const { me } = await requireMe();
  return (
    <Suspense>
      <Client canManage={canManage(me.role)} />
    </Suspense>
  );
}
