'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { ApiClientError, isNotFound } from '@/lib/client/api';

/** Refusals (4xx) are answers, not hiccups: only network failures and 5xx are worth a retry. */
const isClientRefusal = (e: unknown) => e instanceof ApiClientError && e.status < 500;

/**
 * Every cached answer belongs to the namespace it was read in: each query key carries the selected
 * namespace (`useNamespace()`, lib/client/namespace.tsx) after its resource's name, by the key
 * factories of lib/client/queries (`['payments', ns, 'list', qs]`), and the query passes the same
 * namespace to `apiFetch`. So no screen can show one namespace's rows under another, an optimistic
 * update writes into the copy of the namespace it was made in, and switching back finds the earlier
 * namespace's answers (refetched when stale). Invalidating a resource's `all` (`['payments']`, the
 * prefix without the namespace) reaches every namespace's copy.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 5_000,
            retry: (failures, error) => failures < 1 && !isClientRefusal(error),
            // A screen with nothing to show goes to its error boundary (message + retry); a failed
            // background refetch keeps the data on screen. 404s are left to the screen to explain.
            throwOnError: (error, query) => query.state.data === undefined && !isNotFound(error),
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
