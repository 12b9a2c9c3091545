import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { ListTasksResponse } from '@/lib/schemas/tasks';
import { keysOf, listSearch, type ListFilters } from './keys';

/**
 * The admission queue's keys: `[tasks, ns, filters]` (the tab, the kind, the order, the cursor and
 * the limit). Invalidating `all` (no namespace) refreshes every namespace's queue.
 */
export const taskKeys = keysOf('tasks');

export const taskQueueQuery = (ns: string | null, filters: ListFilters) =>
  queryOptions({
    queryKey: taskKeys.of(ns, filters),
    queryFn: () => apiFetch<ListTasksResponse>(`/tasks?${listSearch(filters)}`, { partner: ns }),
    // Refreshes by itself, so changes by colleagues appear without reloading.
    refetchInterval: 5000,
  });
