import { screenPage } from '@/components/screen/screen-page';
import { OrganizationsScreen } from './client';

export const metadata = { title: 'Organizations · Payment Network' };

/** The operator's home list (the folder's layout answers everyone else). */
export default screenPage({ href: '/operator', Screen: OrganizationsScreen });
