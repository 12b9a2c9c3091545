'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The webhook form, fetched when its section is first opened. Both webhook screens show it folded,
 * so its code (react-hook-form, the event-type picker) stays out of their first load.
 */
export const LazyWebhookForm = dynamic(() => import('./webhook-form').then((m) => m.WebhookForm), {
  ssr: false,
  loading: () => (
    <div role="status" aria-label="Loading the form" className="flex flex-col gap-3">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  ),
});

/** A folded section whose content is rendered (and so loaded) only once it is opened. */
export function FormSection({
  summary,
  defaultOpen = false,
  className,
  children,
}: {
  summary: string;
  defaultOpen?: boolean;
  className: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details className={className} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">{summary}</summary>
      {open ? <div className="mt-4">{children}</div> : null}
    </details>
  );
}
