'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/**
 * The webhook form, fetched when its section is first opened. Both webhook screens show it folded,
 * so its code (react-hook-form, the event-type picker) stays out of their first load.
 */
export const LazyWebhookForm = dynamic(() => import('./webhook-form').then((m) => m.WebhookForm), {
  ssr: false,
  loading: FormLoading,
});
