import { PaymentDetail } from './client';

export const metadata = { title: 'Payment · Payment Network' };

export default async function Page({ params }: { params: Promise<{ payment_id: string }> }) {
  const { payment_id } = await params;
  return <PaymentDetail paymentId={decodeURIComponent(payment_id)} />;
}
