import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import { listSearch, type ListFilters } from './resource';
import type { ListRequestLogsResponse, RequestLog, RequestLogDetail } from '@/lib/schemas/request-logs';

export type { RequestLog, RequestLogDetail };

/**
 * The log's keys, the namespace in each: `all` → `namespace(ns)` → `list(ns, …)`, `detail(ns, id)`.
 * Invalidating `all` (no namespace) refreshes every copy in every namespace.
 */
const requestLogKeys = {
  all: ['request-logs'] as const,
  namespace: (ns: string | null) => [...requestLogKeys.all, ns] as const,
  list: (ns: string | null, f: ListFilters, cursor: string | undefined, limit: number) =>
    [...requestLogKeys.namespace(ns), 'list', f, { cursor, limit }] as const,
  detail: (ns: string | null, id: string) => [...requestLogKeys.namespace(ns), 'detail', id] as const,
};

export function requestLogsQuery(
  ns: string | null,
  /** The log's filters, as the gateway takes them (the screen's `REQUEST_LOG_FILTERS`). */
  f: ListFilters,
  cursor: string | undefined,
  limit: number,
) {
  const qs = listSearch(f);
  qs.set('limit', String(limit));
  if (cursor) qs.set('cursor', cursor);
  return queryOptions({
    queryKey: requestLogKeys.list(ns, f, cursor, limit),
    queryFn: () => apiFetch<ListRequestLogsResponse>(`/request-logs?${qs}`, { partner: ns }),
    placeholderData: keepPreviousData,
    // New requests show as they are made (the first page only: a later page stays put).
    refetchInterval: cursor ? false : 5000,
  });
}

/**
 * One request with its bodies. Its entry is written a moment after the answer: a request id from
 * an error just shown may not be there yet, so a 404 is asked again a few times.
 */
export const requestLogQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: requestLogKeys.detail(ns, id),
    queryFn: () => apiFetch<RequestLogDetail>(`/request-logs/${encodeURIComponent(id)}`, { partner: ns }),
    retry: (failures, error) => failures < 4 && (error as { status?: number }).status === 404,
    retryDelay: 500,
    throwOnError: false,
  });

export function useKeepBodies() {
  const qc = useQueryClient();
  const ns = useNamespace();
  return useMutation({
    mutationFn: (keep: boolean) =>
      apiFetch<{ bodies_kept: boolean }>('/request-log-settings', {
        method: 'PUT',
        body: { keep_bodies: keep },
        partner: ns,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestLogKeys.all }),
  });
}
