import { Suspense, type ComponentType, type ReactNode } from 'react';
import { ParticipantsOnly } from '@/components/ui/admins-only';
import { type Action, can, canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';

/**
 * The page of a list everyone in the organization reads and only some change (the gateway
 * enforces it): its client screen gets `canManage`, whether the signed-in user may do `manage`,
 * and the selected namespace (`partnerId`, for its export link). The client reads the URL
 * (`useSearchParams`), hence the Suspense boundary. `href` is its screen in SCREENS
 * (lib/domain/permissions.ts), whose action the organization's people may do. The network
 * operator, who holds no namespace, is told what the list is and where to look instead
 * (`forOperator`).
 */
export function readableListPage(
  href: string,
  manage: Action,
  Client: ComponentType<{ canManage: boolean; partnerId: string | null }>,
  forOperator: { title: string; text: ReactNode },
) {
  return async function Page() {
    const { me, partnerId } = await requireMe();
    if (!canOpen(me.role, href))
      return <ParticipantsOnly title={forOperator.title}>{forOperator.text}</ParticipantsOnly>;
    return (
      <Suspense>
        <Client canManage={can(me.role, manage)} partnerId={partnerId ?? null} />
      </Suspense>
    );
  };
}
