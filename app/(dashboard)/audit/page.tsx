import { Suspense } from 'react';
import { Banner } from '@/components/ui/banner';
import { requireMe } from '@/lib/dashboard/session';
import { AuditClient } from './client';

export const metadata = { title: 'Audit trail · Payment Network' };

export default async function Page() {
  const { me } = await requireMe();
  if (me.role === 'viewer') {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold">Audit trail</h1>
        <Banner tone="info" title="Admins and support only">
          The audit trail shows who changed what in your organization; ask an admin for access.
        </Banner>
      </div>
    );
  }
  return (
    <Suspense>
      <AuditClient operator={me.role === 'operator'} />
    </Suspense>
  );
}
