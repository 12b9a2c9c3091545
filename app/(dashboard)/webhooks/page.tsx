import { Suspense } from 'react';
import { WebhooksClient } from './client';

export const metadata = { title: 'Webhooks · Payment Network' };

export default function WebhooksPage() {
  return (
    <Suspense>
      <WebhooksClient />
    </Suspense>
  );
}
