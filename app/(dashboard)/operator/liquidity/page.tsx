import { screenPage } from '@/components/screen/screen-page';
import { LiquidityDeskScreen } from './client';

export const metadata = { title: 'Liquidity desk · Payment Network' };

/** The operator's liquidity desk (the folder's layout answers everyone else). */
export default screenPage({
  href: '/operator/liquidity',
  Screen: LiquidityDeskScreen,
  loading: 'Loading the liquidity desk…',
});
