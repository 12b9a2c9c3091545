import { screenPage } from '@/components/screen/screen-page';
import { AuditScreen } from './client';

export const metadata = { title: 'Audit trail · Payment Network' };

export default screenPage({
  href: '/audit',
  Screen: AuditScreen,
  denied: { text: 'The audit trail shows who changed what in your organization; ask an admin for access.' },
});
