'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The propose-a-link form, fetched after the list: react-hook-form stays out of its first load. */
export const LazyProposeLinkForm = dynamic(
  () => import('./propose-link-form').then((m) => m.ProposeLinkForm),
  {
    ssr: false,
    loading: FormLoading,
  },
);
