'use client';

import dynamic from 'next/dynamic';
import { FormLoading } from '@/components/ui/form-section';

/** The invite form, fetched after the list: react-hook-form stays out of the users screen's first load. */
export const LazyInviteUserForm = dynamic(() => import('./invite-user-form').then((m) => m.InviteUserForm), {
  ssr: false,
  loading: FormLoading,
});
