import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { AuditEvent, ListAuditEventsResponse } from '@/lib/schemas/audit';

export type { AuditEvent };

/** The trail's filters, under the API's own names (they are the URL's too). */
export const AUDIT_FILTERS = ['action', 'actor', 'target', 'occurred_from', 'occurred_to', 'org_id'] as const;
/** The filters, and the direction of the trail's order (newest first when absent). */
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>> & {
  order?: 'asc' | 'desc';
};

const filterQuery = (f: AuditFilters) => {
  const qs = new URLSearchParams();
  for (const k of AUDIT_FILTERS) if (f[k]) qs.set(k, f[k]!);
  if (f.order) qs.set('order', f.order);
  return qs;
};

/** The trail's keys, the namespace in each (`all` → `namespace(ns)` → `list(ns, …)`). */
const auditKeys = {
  all: ['audit'] as const,
  namespace: (ns: string | null) => [...auditKeys.all, ns] as const,
  list: (ns: string | null, f: AuditFilters, cursor: string | undefined, limit: number) =>
    [...auditKeys.namespace(ns), 'list', f, { cursor, limit }] as const,
};

export function auditEventsQuery(
  ns: string | null,
  f: AuditFilters,
  cursor: string | undefined,
  limit: number,
) {
  const qs = filterQuery(f);
  qs.set('limit', String(limit));
  if (cursor) qs.set('cursor', cursor);
  return queryOptions({
    queryKey: auditKeys.list(ns, f, cursor, limit),
    queryFn: () => apiFetch<ListAuditEventsResponse>(`/audit-events?${qs}`, { partner: ns }),
    placeholderData: keepPreviousData,
  });
}
