'use client';

import { useState } from 'react';

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
