import { readableListPage } from '@/components/ui/readable-list-page';
import { Client } from './client';

export const metadata = { title: 'Accounts · Payment Network' };

export default readableListPage(Client);
