'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The webhook form, fetched when its section is first opened. Both webhook screens show it folded,
 * so its code (react-hook-form, the event-type picker) stays out of their first load.
 */
export const LazyWebhookForm = dynamic(() => import('./webhook-form').then((m) => m.WebhookForm), {
  ssr: false,
  loading: () => (
    <div role="status" aria-label="Loading the form" className="flex flex-col gap-3">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  ),
});
