'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The password form, fetched after the sessions: react-hook-form stays out of the screen's first load. */
export const LazyPasswordForm = dynamic(() => import('./password-form').then((m) => m.PasswordForm), {
  ssr: false,
  loading: FormLoading,
});
