'use client';

import { useState } from 'react';

/** A small button beside an id that copies it; says "Copied" for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={`${copied ? 'Copied' : 'Copy'} ${label}`}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
      className="ml-2 rounded border border-slate-300 px-1.5 py-0.5 align-middle text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
