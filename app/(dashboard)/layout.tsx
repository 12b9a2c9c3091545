import { redirect } from 'next/navigation';
import { Shell } from '@/components/shell/shell';
import { readFirstPage, requireMe } from '@/lib/dashboard/session';
import type { PositionList } from '@/lib/client/queries/liquidity';
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
  // The namespace's liquidity positions come with the page: the banner near a cap is in its first
  // paint rather than pushing the page down when the browser's read returns.
  const positions = partnerId ? await readFirstPage<PositionList>('/liquidity') : null;
  const liquidity = positions ? { partnerId, data: positions } : null;
  return (
    <DeploymentProvider value={deployment}>
      <Shell me={me} partnerId={partnerId} liquidity={liquidity}>
        {children}
      </Shell>
    </DeploymentProvider>
  );
}
