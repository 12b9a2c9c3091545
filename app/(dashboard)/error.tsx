'use client';

import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { ApiClientError } from '@/lib/client/api';
import { PageTitle } from '@/components/ui/page-title';

/**
 * A screen that failed to load: the reason and a retry. Server errors arrive with their message
 * withheld by Next.js (only a digest to match the server log); gateway errors keep theirs.
 */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const queries = useQueryErrorResetBoundary();
  const pathname = usePathname();
  const hasFilters = useSearchParams().size > 0;
  useEffect(() => console.error(error), [error]);

  function again(withoutFilters: boolean) {
    // A filter typed into the URL that the gateway refuses fails the same way on every retry.
    if (withoutFilters) window.history.replaceState(null, '', pathname);
    // Failed queries keep their error until the reset boundary lets them fetch again.
    queries.reset();
    retry();
  }

  const sessionEnded = error instanceof ApiClientError && error.status === 401;
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  const message = digest
    ? 'The server could not prepare this page.'
    : error instanceof Error && error.message
      ? error.message
      : 'Something went wrong.';

  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-start gap-4 py-12">
      <p className="text-sm font-semibold text-red-700 dark:text-red-400">
        {sessionEnded ? 'Signed out' : 'This screen could not be loaded'}
      </p>
      <PageTitle>{message}</PageTitle>
      {digest ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Reference <code className="font-mono">{digest}</code> in the server log.
        </p>
      ) : null}
      <div className="flex gap-3">
        {sessionEnded ? (
          <Link
            href="/signin"
            className="rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700"
          >
            Sign in again
          </Link>
        ) : (
          <>
            <Button onClick={() => again(false)}>Try again</Button>
            {hasFilters ? (
              <Button variant="secondary" onClick={() => again(true)}>
                Clear the filters
              </Button>
            ) : null}
          </>
        )}
        <Link
          href="/"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Back to the overview
        </Link>
      </div>
    </div>
  );
}
