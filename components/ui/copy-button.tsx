'use client';

import { useEffect, useState } from 'react';

/**
 * A Copy button's state: `copy` puts the text on the clipboard, and `word` reads "Copied" for
 * 1.5 s after, then "Copy" again. The button's accessible name must hold `word` (WCAG 2.5.3,
 * label in name).
 */
export function useCopied(): { word: 'Copy' | 'Copied'; copy: (text: string) => void } {
  const [copiedAt, setCopiedAt] = useState(0);
  useEffect(() => {
    if (!copiedAt) return;
    const t = setTimeout(() => setCopiedAt(0), 1500);
    return () => clearTimeout(t);
  }, [copiedAt]);
  return {
    word: copiedAt ? 'Copied' : 'Copy',
    copy: (text) => void navigator.clipboard?.writeText(text).then(() => setCopiedAt(Date.now())),
  };
}

/** A small button beside an id that copies it; says "Copied" for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { word, copy } = useCopied();
  return (
    <button
      type="button"
      aria-label={`${word} ${label}`}
      onClick={() => copy(value)}
      className="ml-2 rounded border border-slate-300 px-1.5 py-0.5 align-middle text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {word}
    </button>
  );
}
