import { Suspense } from 'react';
import { requireMe } from '@/lib/dashboard/session';
import { Client } from './client';
import { canManage } from '@/lib/dashboard/permissions';

export const metadata = { title: 'Accounts · Payment Network' };

export default async function Page() {
  // Everyone in the organization reads this screen; the gateway lets only admins change it.
  const { me, partnerId } = await requireMe();
  return (
    <Suspense>
      <Client canManage={canManage(me.role)} partnerId={partnerId ?? null} />
    </Suspense>
  );
}
