'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The add-an-account form, fetched after the list: the list's first load stays light. */
export const LazyAccountForm = dynamic(() => import('./account-form').then((m) => m.AccountForm), {
  ssr: false,
  loading: FormLoading,
});
