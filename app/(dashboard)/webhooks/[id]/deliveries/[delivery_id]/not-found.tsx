'use client';

import { usePathname } from 'next/navigation';
import { RecordNotFound } from '@/components/ui/record-not-found';

/** Not-found pages get no params: the way back to the webhook is read from the URL. */
export default function DeliveryNotFound() {
  const webhook = usePathname().split('/deliveries/')[0]!;
  return <RecordNotFound noun="Delivery" backHref={webhook} backLabel="Back to the webhook" />;
}
