import { Shell } from '@/components/shell/shell';
import { requireMe } from '@/lib/dashboard/session';

export const dynamic = 'force-dynamic';

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { me, partnerId } = await requireMe();
  return (
    <Shell me={me} partnerId={partnerId}>
      {children}
    </Shell>
  );
}
