import { readableListPage } from '@/components/ui/readable-list-page';
import { WebhooksClient } from './client';

export const metadata = { title: 'Webhooks · Payment Network' };

export default readableListPage(WebhooksClient);
