import { Suspense } from 'react';
import { Link } from '@/components/ui/link';
import { ParticipantsOnly, RoleOnly } from '@/components/ui/admins-only';
import { can, canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { Client } from './client';

export const metadata = { title: 'Task queue · Payment Network' };

export default async function Page() {
  const { me, partnerId } = await requireMe();
  if (!can(me.role, 'tasks.read'))
    return (
      <ParticipantsOnly title="Task queue">
        This screen holds one namespace&apos;s admission tasks, worked by its own people; the network operator
        holds no namespace and admits no payment.
      </ParticipantsOnly>
    );
  if (!canOpen(me.role, '/tasks'))
    return (
      <RoleOnly title="Task queue" who="Admins and support only">
        The task queue is worked by your organization&apos;s admins and support staff: ask one of them to
        change your role if you admit payments. The payments and their statuses are on{' '}
        <Link href="/payments" className="underline">
          Payments
        </Link>
        .
      </RoleOnly>
    );
  return (
    <Suspense>
      <Client partnerId={partnerId ?? null} />
    </Suspense>
  );
}
