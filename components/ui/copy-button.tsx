'use client';

import { useState } from 'react';

/** A small button beside an id that copies it; says "Copied" for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  // The name holds the text the button shows (WCAG 2.5.3, label in name).
  const word = copied ? 'Copied' : 'Copy';
  return (
    <button
      type="button"
      aria-label={`${word} ${label}`}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
      className="ml-2 rounded border border-slate-300 px-1.5 py-0.5 align-middle text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {word}
    </button>
  );
}
