import { screenPage } from '@/components/screen/screen-page';
import { NetworkClient } from './client';

export const metadata = { title: 'Network · Payment Network' };

/** The network's figures, cut-offs and batches (the folder's layout answers everyone else). */
export default screenPage({ href: '/operator/network', Screen: NetworkClient });
