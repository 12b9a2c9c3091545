import { screenPage } from '@/components/screen/screen-page';
import { UsersScreen } from './client';

export const metadata = { title: 'Users · Payment Network' };

export default screenPage({
  href: '/users',
  Screen: UsersScreen,
  denied: { text: "Only your organization's admins can invite users, change their roles or remove them." },
});
