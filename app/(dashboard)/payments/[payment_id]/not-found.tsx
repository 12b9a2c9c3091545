import { RecordNotFound } from '@/components/ui/record-not-found';

export default function PaymentNotFound() {
  return <RecordNotFound noun="Payment" backHref="/payments" backLabel="Back to payments" />;
}
