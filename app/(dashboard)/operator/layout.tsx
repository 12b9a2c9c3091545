import { RoleOnly } from '@/components/ui/admins-only';
import { canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';

/** The operator's screens: anyone else who opens one directly is told whose they are. */
export default async function OperatorLayout({ children }: { children: React.ReactNode }) {
  const { me } = await requireMe();
  if (!canOpen(me.role, '/operator'))
    return (
      <RoleOnly title="Network operator" who="For the network operator only">
        These screens review organizations and accounts and watch the whole network; they are the network
        operator&apos;s. Your organization&apos;s own screens are in the menu.
      </RoleOnly>
    );
  return children;
}
