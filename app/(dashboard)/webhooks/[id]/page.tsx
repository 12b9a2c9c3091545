import { Suspense } from 'react';
import { WebhookDetail } from './client';

export const metadata = { title: 'Webhook · Payment Network' };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <WebhookDetail id={decodeURIComponent(id)} />
    </Suspense>
  );
}
