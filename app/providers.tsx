'use client';

import { hashKey, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { ApiClientError, getActivePartner, isNotFound } from '@/lib/client/api';

/** Refusals (4xx) are answers, not hiccups: only network failures and 5xx are worth a retry. */
const isClientRefusal = (e: unknown) => e instanceof ApiClientError && e.status < 500;

/**
 * Every cached answer belongs to the namespace it was read in: the selected namespace is part of
 * each query's identity, so no screen can show one namespace's rows under another, and switching
 * back finds the earlier namespace's answers (refetched when stale). Query keys themselves stay
 * per screen (lib/client/queries); invalidating one (`['accounts']`) reaches every namespace's copy.
 */
const namespacedHash = (key: QueryKey) => hashKey([getActivePartner(), ...key]);

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            queryKeyHashFn: namespacedHash,
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
