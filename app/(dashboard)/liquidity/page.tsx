import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { LiquidityClient } from './client';

export const metadata = { title: 'Liquidity · Payment Network' };

export default screenPage({
  href: '/liquidity',
  Screen: LiquidityClient,
  denied: {
    text: (
      <>
        This screen shows one namespace&apos;s settlement balance, cap and queue; the network operator holds
        no namespace. Every participant&apos;s is on the operator&apos;s{' '}
        <Link href="/operator/liquidity" className="underline">
          Liquidity
        </Link>{' '}
        desk.
      </>
    ),
  },
  needsNamespace: 'Create a namespace first: liquidity is kept per namespace and currency.',
  loading: 'Loading liquidity…',
});
