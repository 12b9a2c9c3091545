import { redirect } from 'next/navigation';
import { requireMe } from '@/lib/dashboard/session';
import { SetUpSecondFactor } from './set-up';
import { PageTitle } from '@/components/ui/page-title';

export const metadata = { title: 'Set up a second factor · Payment Network' };
export const dynamic = 'force-dynamic';

/**
 * Where the dashboard sends a user whose organization requires a second factor they have not set
 * up (app/(dashboard)/layout.tsx): outside the dashboard's layout, so nothing else loads meanwhile.
 */
export default async function SecondFactorPage() {
  const { me } = await requireMe();
  if (!me.organization?.require_second_factor || me.second_factor) redirect('/');
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-6">
      <PageTitle>Set up a second factor</PageTitle>
      <SetUpSecondFactor organization={me.organization.name} />
    </main>
  );
}
