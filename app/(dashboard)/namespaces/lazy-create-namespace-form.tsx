'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The create-a-namespace form, fetched after the list: react-hook-form stays out of its first load. */
export const LazyCreateNamespaceForm = dynamic(
  () => import('./create-namespace-form').then((m) => m.CreateNamespaceForm),
  { ssr: false, loading: FormLoading },
);
