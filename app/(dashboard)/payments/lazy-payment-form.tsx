'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The new-payment form, fetched when its section is first opened: the list's first load stays light. */
export const LazyPaymentForm = dynamic(() => import('./payment-form').then((m) => m.PaymentForm), {
  ssr: false,
  loading: FormLoading,
});
