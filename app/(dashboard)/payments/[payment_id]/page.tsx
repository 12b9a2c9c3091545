import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { Payment } from '@/lib/client/queries/payments';
import { PaymentDetail } from './client';
import { canManage, canReturnPayments } from '@/lib/domain/permissions';

export const metadata = { title: 'Payment · Payment Network' };

export default async function Page({ params }: { params: Promise<{ payment_id: string }> }) {
  const paymentId = decodeURIComponent((await params).payment_id);
  const payment = await readRecordOrNotFound<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
  const { me, partnerId } = await requireMe();
  const ns = me.partners.find((p) => p.token === partnerId);
  return (
    <PaymentDetail
      paymentId={paymentId}
      initial={{ partnerId: partnerId ?? null, data: payment }}
      canSubmit={canManage(me.role)}
      canReturn={canReturnPayments(me.role)}
      namespace={ns ? { token: ns.token, domain: ns.domain } : null}
    />
  );
}
