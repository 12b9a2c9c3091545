import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import { resourceQueries } from './resource';
import type { ListRequestLogsResponse, RequestLog, RequestLogDetail } from '@/lib/schemas/request-logs';

export type { RequestLog, RequestLogDetail };

/**
 * The namespace's request log, `[request-logs, ns, filters]`: the list (its filters, cursor and
 * limit; new requests show as they are made on the first page, a later page stays put) and one
 * request. Invalidating `all` (no namespace) refreshes every copy in every namespace.
 */
export const requestLogQueries = resourceQueries<RequestLog, 'request_logs', ListRequestLogsResponse>(
  'request-logs',
  '/request-logs',
  (filters) => ({ keepPrevious: true, refetchInterval: filters.cursor ? false : 5000 }),
);

/**
 * One request with its bodies. Its entry is written a moment after the answer: a request id from
 * an error just shown may not be there yet, so a 404 is asked again a few times.
 */
export const requestLogQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: requestLogQueries.keys.of(ns, { id }),
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
    onSuccess: () => qc.invalidateQueries({ queryKey: requestLogQueries.keys.all }),
  });
}
