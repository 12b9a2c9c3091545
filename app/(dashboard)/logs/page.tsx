import { Suspense } from 'react';
import { RoleOnly } from '@/components/ui/admins-only';
import { can, canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { RequestLogClient } from './client';

export const metadata = { title: 'Request log · Payment Network' };

export default async function Page() {
  const { me } = await requireMe();
  // The organization's people (SCREENS lists it to them); the operator has no namespace.
  if (!canOpen(me.role, '/logs')) {
    return (
      <RoleOnly title="Request log" who="Your organization's people only">
        The request log lists a namespace&apos;s API requests; the network operator has none.
      </RoleOnly>
    );
  }
  return (
    <Suspense>
      <RequestLogClient canManage={can(me.role, 'namespaces.manage')} />
    </Suspense>
  );
}
