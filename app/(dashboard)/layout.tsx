import { redirect } from 'next/navigation';
import { Shell } from '@/components/shell/shell';
import { requireMe } from '@/lib/dashboard/session';

export const dynamic = 'force-dynamic';

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { me, partnerId } = await requireMe();
  // An organization that requires a second factor: a user without one sets it up first, whatever
  // page they open (the gateway refuses them everything else; lib/api/define-route.ts).
  if (me.organization?.require_second_factor && !me.second_factor) redirect('/second-factor');
  return (
    <Shell me={me} partnerId={partnerId}>
      {children}
    </Shell>
  );
}
