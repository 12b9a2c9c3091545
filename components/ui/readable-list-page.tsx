import { Suspense, type ComponentType } from 'react';
import { canManage } from '@/lib/dashboard/permissions';
import { requireMe } from '@/lib/dashboard/session';

/**
 * The page of a list everyone in the organization reads and only admins change (the gateway
 * enforces it): its client screen gets `canManage` and the selected namespace (`partnerId`, for
 * its export link). The client reads the URL (`useSearchParams`), hence the Suspense boundary.
 */
export function readableListPage(Client: ComponentType<{ canManage: boolean; partnerId: string | null }>) {
  return async function Page() {
    const { me, partnerId } = await requireMe();
    return (
      <Suspense>
        <Client canManage={canManage(me.role)} partnerId={partnerId ?? null} />
      </Suspense>
    );
  };
}
