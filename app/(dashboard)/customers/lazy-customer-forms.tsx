'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The customers screen's forms, fetched after the list: react-hook-form stays out of its first load. */
export const LazyResolveCustomerForm = dynamic(
  () => import('./customer-forms').then((m) => m.ResolveCustomerForm),
  { ssr: false, loading: FormLoading },
);
export const LazyCreateCustomerForm = dynamic(
  () => import('./customer-forms').then((m) => m.CreateCustomerForm),
  { ssr: false, loading: FormLoading },
);
