'use client';

import { useCopied } from '@/components/ui/copy-button';

/**
 * Code to copy and run: a titled block with a one-click Copy that takes the whole text (what a
 * test runs as printed). `children` says what it needs or does, under the title.
 */
export function CodeSnippet({
  title,
  code,
  children,
  testId,
}: {
  title: string;
  /** Null while the text is not known yet (the deployment's address, before hydration). */
  code: string | null;
  children?: React.ReactNode;
  testId?: string;
}) {
  const { word, copy } = useCopied();
  return (
    <figure aria-label={title} data-testid={testId} className="flex min-w-0 flex-col gap-1">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium">{title}</span>
        <button
          type="button"
          onClick={() => code !== null && copy(code)}
          disabled={code === null}
          aria-label={`${word}: ${title}`}
          className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          <span aria-live="polite">{word}</span>
        </button>
      </figcaption>
      {children ? <div className="text-sm text-slate-700 dark:text-slate-300">{children}</div> : null}
      <pre
        tabIndex={0}
        data-snippet
        className="max-h-[36rem] overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre text-slate-900 dark:bg-slate-800 dark:text-slate-100"
      >
        {code ?? 'Loading…'}
      </pre>
    </figure>
  );
}
