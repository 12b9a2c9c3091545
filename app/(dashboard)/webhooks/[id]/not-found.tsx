import { RecordNotFound } from '@/components/ui/record-not-found';

export default function WebhookNotFound() {
  return <RecordNotFound noun="Webhook" backHref="/webhooks" backLabel="Back to webhooks" />;
}
