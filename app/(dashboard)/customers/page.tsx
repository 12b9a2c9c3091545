import { readableListPage } from '@/components/ui/readable-list-page';
import { Client } from './client';

export const metadata = { title: 'Customers · Payment Network' };

export default readableListPage('/customers', 'customers.create', Client, {
  title: 'Customers',
  text: (
    <>
      This screen lists one namespace&apos;s customers; the network operator holds no namespace, and a
      participant&apos;s customers are its own.
    </>
  ),
});
