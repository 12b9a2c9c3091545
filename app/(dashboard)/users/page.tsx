import { Suspense } from 'react';
import { AdminsOnly } from '@/components/ui/admins-only';
import { canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { Client } from './client';

export const metadata = { title: 'Users · Payment Network' };

export default async function Page() {
  const { me } = await requireMe();
  if (!canOpen(me.role, '/users')) {
    return (
      <AdminsOnly title="Users">
        Only your organization&apos;s admins can invite users, change their roles or remove them.
      </AdminsOnly>
    );
  }
  return (
    <Suspense>
      <Client myUserId={me.user_id} />
    </Suspense>
  );
}
