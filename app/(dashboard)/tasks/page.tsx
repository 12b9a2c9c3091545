import { screenPage } from '@/components/screen/screen-page';
import { Link } from '@/components/ui/link';
import { Client } from './client';
import { queueFirstPage } from './search-params';

export const metadata = { title: 'Task queue · Payment Network' };

export default screenPage({
  href: '/tasks',
  Screen: Client,
  firstPage: queueFirstPage,
  denied: {
    text: (
      <>
        The task queue is worked by your organization&apos;s admins and support staff: ask one of them to
        change your role if you admit payments. The payments and their statuses are on{' '}
        <Link href="/payments" className="underline">
          Payments
        </Link>
        .
      </>
    ),
    operator: (
      <>
        This screen holds one namespace&apos;s admission tasks, worked by its own people; the network operator
        holds no namespace and admits no payment.
      </>
    ),
  },
});
