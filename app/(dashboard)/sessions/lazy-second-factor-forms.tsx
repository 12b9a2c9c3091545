'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

// The second factor's forms, fetched after the screen: react-hook-form stays out of its first load.
const forms = () => import('./second-factor-forms');
export const LazyTotpConfirmForm = dynamic(() => forms().then((m) => m.TotpConfirmForm), {
  ssr: false,
  loading: FormLoading,
});
export const LazyTurnOffForm = dynamic(() => forms().then((m) => m.TurnOffForm), {
  ssr: false,
  loading: FormLoading,
});
export const LazyPasskeyForm = dynamic(() => forms().then((m) => m.PasskeyForm), {
  ssr: false,
  loading: FormLoading,
});
