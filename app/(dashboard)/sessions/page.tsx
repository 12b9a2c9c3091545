import { screenPage } from '@/components/screen/screen-page';
import { SessionsClient } from './client';

export const metadata = { title: 'Sessions · Payment Network' };

/** Everyone's own: where they are signed in, their password and second factor. */
export default screenPage({ href: '/sessions', Screen: SessionsClient });
