import { Suspense } from 'react';
import { AdminsOnly } from '@/components/ui/admins-only';
import { canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { ApiKeysClient } from './client';

export const metadata = { title: 'API keys · Payment Network' };

export default async function ApiKeysPage() {
  const { me } = await requireMe();
  if (!canOpen(me.role, '/api-keys')) {
    return (
      <AdminsOnly title="API keys">
        Only your organization&apos;s admins can see, create or revoke API keys. Ask one of them for a key
        your back end can use.
      </AdminsOnly>
    );
  }
  return (
    <Suspense>
      <ApiKeysClient />
    </Suspense>
  );
}
