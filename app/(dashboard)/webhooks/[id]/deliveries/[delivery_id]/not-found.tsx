import { RecordNotFound } from '@/components/ui/record-not-found';

export default function DeliveryNotFound() {
  return <RecordNotFound noun="Delivery" backHref="/webhooks" backLabel="Back to webhooks" />;
}
