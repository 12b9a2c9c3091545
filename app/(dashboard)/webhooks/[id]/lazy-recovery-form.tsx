'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The recovery form, fetched after the endpoint: react-hook-form stays out of the screen's first load. */
export const LazyRecovery = dynamic(() => import('./recovery-form').then((m) => m.Recovery), {
  ssr: false,
  loading: FormLoading,
});
