import { refusal } from '@/components/screen/screen-page';
import { requireMe } from '@/lib/dashboard/session';

/** The operator's screens: anyone else who opens one directly is told whose they are. */
export default async function OperatorLayout({ children }: { children: React.ReactNode }) {
  const { me } = await requireMe();
  return (
    refusal('/operator', me.role, {
      title: 'Network operator',
      text: (
        <>
          These screens review organizations and accounts and watch the whole network; they are the network
          operator&apos;s. Your organization&apos;s own screens are in the menu.
        </>
      ),
    }) ?? children
  );
}
