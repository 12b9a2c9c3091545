import { Suspense } from 'react';
import { RoleOnly } from '@/components/ui/admins-only';
import { can, canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { AuditClient } from './client';

export const metadata = { title: 'Audit trail · Payment Network' };

export default async function Page() {
  const { me } = await requireMe();
  if (!canOpen(me.role, '/audit')) {
    return (
      <RoleOnly title="Audit trail" who="Admins and support only">
        The audit trail shows who changed what in your organization; ask an admin for access.
      </RoleOnly>
    );
  }
  return (
    <Suspense>
      {/* Who reviews organizations reads every organization's trail, and picks one. */}
      <AuditClient operator={can(me.role, 'organizations.review')} />
    </Suspense>
  );
}
