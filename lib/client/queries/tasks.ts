import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { ListTasksResponse } from '@/lib/schemas/tasks';

/**
 * The admission queue's keys, the namespace in each: `all` → `namespace(ns)` → `list(ns, qs)` by
 * its query string. Invalidating `all` (no namespace) refreshes every namespace's queue.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  namespace: (ns: string | null) => [...taskKeys.all, ns] as const,
  list: (ns: string | null, qs: string) => [...taskKeys.namespace(ns), 'list', qs] as const,
};

export const taskQueueQuery = (ns: string | null, qs: string) =>
  queryOptions({
    queryKey: taskKeys.list(ns, qs),
    queryFn: () => apiFetch<ListTasksResponse>(`/tasks?${qs}`, { partner: ns }),
    // Refreshes by itself, so changes by colleagues appear without reloading.
    refetchInterval: 5000,
  });
