import { screenPage } from '@/components/screen/screen-page';
import { AccountsReviewScreen } from './client';

export const metadata = { title: 'Accounts to verify · Payment Network' };

/** The operator's review queue (the folder's layout answers everyone else). */
export default screenPage({ href: '/operator/accounts', Screen: AccountsReviewScreen });
