'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

/** The new-payment form, fetched when its section is first opened: the list's first load stays light. */
export const LazyPaymentForm = dynamic(() => import('./payment-form').then((m) => m.PaymentForm), {
  ssr: false,
  loading: () => (
    <div role="status" aria-label="Loading the form" className="flex flex-col gap-3">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  ),
});
