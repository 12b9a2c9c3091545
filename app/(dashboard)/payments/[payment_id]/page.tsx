import { Link } from '@/components/ui/link';
import { ParticipantsOnly } from '@/components/ui/admins-only';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { Payment } from '@/lib/client/queries/payments';
import { can, canOpen } from '@/lib/domain/permissions';
import { PaymentDetail } from './client';

export const metadata = { title: 'Payment · Payment Network' };

export default async function Page({ params }: { params: Promise<{ payment_id: string }> }) {
  const paymentId = decodeURIComponent((await params).payment_id);
  const { me, partnerId } = await requireMe();
  if (!canOpen(me.role, '/payments'))
    return (
      <ParticipantsOnly title="Payment">
        A payment is read by the namespaces party to it; the network operator holds no namespace. The
        network&apos;s settled transactions are in its settlement batches, on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </ParticipantsOnly>
    );
  const payment = await readRecordOrNotFound<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
  const ns = me.partners.find((p) => p.token === partnerId);
  return (
    <PaymentDetail
      paymentId={paymentId}
      initial={{ partnerId: partnerId ?? null, data: payment }}
      canSubmit={can(me.role, 'payments.submit')}
      canReturn={can(me.role, 'returns.create')}
      namespace={ns ? { token: ns.token, domain: ns.domain } : null}
    />
  );
}
