import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { AuditEvent, ListAuditEventsResponse } from '@/lib/schemas/audit';
import { listSearch, type ListFilters } from './resource';

export type { AuditEvent };

/** The trail's keys, the namespace in each (`all` → `namespace(ns)` → `list(ns, …)`). */
const auditKeys = {
  all: ['audit'] as const,
  namespace: (ns: string | null) => [...auditKeys.all, ns] as const,
  list: (ns: string | null, f: ListFilters, cursor: string | undefined, limit: number) =>
    [...auditKeys.namespace(ns), 'list', f, { cursor, limit }] as const,
};

export function auditEventsQuery(
  ns: string | null,
  /** The trail's filters and order, as the gateway takes them (the screen's `AUDIT_FILTERS`). */
  f: ListFilters,
  cursor: string | undefined,
  limit: number,
) {
  const qs = listSearch(f);
  qs.set('limit', String(limit));
  if (cursor) qs.set('cursor', cursor);
  return queryOptions({
    queryKey: auditKeys.list(ns, f, cursor, limit),
    queryFn: () => apiFetch<ListAuditEventsResponse>(`/audit-events?${qs}`, { partner: ns }),
    placeholderData: keepPreviousData,
  });
}
