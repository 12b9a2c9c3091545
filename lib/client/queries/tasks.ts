import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { ListTasksResponse } from '@/lib/schemas/tasks';

/** The admission queue of the selected namespace, by its query string. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (qs: string) => ['tasks', 'list', qs] as const,
};

export const taskQueueQuery = (qs: string) =>
  queryOptions({
    queryKey: taskKeys.list(qs),
    queryFn: () => apiFetch<ListTasksResponse>(`/tasks?${qs}`),
    // Refreshes by itself, so changes by colleagues appear without reloading.
    refetchInterval: 5000,
  });
