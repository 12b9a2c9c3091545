import { Suspense } from 'react';
import { ParticipantsOnly } from '@/components/ui/admins-only';
import { requireMe } from '@/lib/dashboard/session';
import { Client } from './client';

export const metadata = { title: 'Task queue · Payment Network' };

export default async function Page() {
  const { me, partnerId } = await requireMe();
  if (me.role === 'operator')
    return (
      <ParticipantsOnly title="Task queue">
        This screen holds one namespace&apos;s admission tasks, worked by its own people; the network operator
        holds no namespace and admits no payment.
      </ParticipantsOnly>
    );
  return (
    <Suspense>
      <Client partnerId={partnerId ?? null} />
    </Suspense>
  );
}
