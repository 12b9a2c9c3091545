import { redirect } from 'next/navigation';
import { Shell } from '@/components/shell/shell';
import { requireMe } from '@/lib/dashboard/session';
import { config } from '@/lib/config';
import { DeploymentProvider } from '@/lib/client/deployment';

export const dynamic = 'force-dynamic';

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { me, partnerId } = await requireMe();
  // An organization that requires a second factor: a user without one sets it up first, whatever
  // page they open (the gateway refuses them everything else; lib/api/define-route.ts).
  if (me.organization?.require_second_factor && !me.second_factor) redirect('/second-factor');
  const deployment = {
    gatewayUrl: config.gatewayUrl ?? null,
    orgId: me.organization?.token ?? null,
    partners: me.partners.map(({ token, domain, environment }) => ({ token, domain, environment })),
  };
  return (
    <DeploymentProvider value={deployment}>
      <Shell me={me} partnerId={partnerId}>
        {children}
      </Shell>
    </DeploymentProvider>
  );
}
