import { readableListPage } from '@/components/ui/readable-list-page';
import { Client } from './client';

export const metadata = { title: 'Customers · Payment Network' };

export default readableListPage(Client);
