'use client';

import { useState } from 'react';
import { Skeleton } from './skeleton';

/** What a folded section shows while its form's code arrives (`loading` of `next/dynamic`). */
export function FormLoading() {
  return (
    <div role="status" aria-label="Loading the form" className="flex flex-col gap-3">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

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
