import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { ListPage } from '@/lib/client/list-page';

/** A list's filters as the gateway names them; empty ones are left out of its query. */
export type ListFilters = Record<string, string | number | undefined | null>;

/** The query string of a list's filters, the empty ones left out. */
export function listSearch(filters: ListFilters): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(filters))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  return qs;
}

/**
 * A resource's reads, for every screen that shows it: the key factory, the namespace in each key
 * (`all` → `namespace(ns)` → `list(ns, filters)`, `detail(ns, id)`; invalidating `all`, the prefix
 * without the namespace, refreshes every copy in every namespace) and the `queryOptions` of its
 * list (`GET <path>?filters`, rows under `plural`) and of one record (`GET <path>/<id>`), each read
 * in the namespace of its key. Name the rows' field as a type argument:
 * `resourceQueries<Account, 'accounts'>('accounts', '/account')`.
 */
export function resourceQueries<Row, Plural extends string>(name: string, path: string) {
  const keys = {
    all: [name] as const,
    namespace: (ns: string | null) => [name, ns] as const,
    list: (ns: string | null, filters: ListFilters) => [...keys.namespace(ns), 'list', filters] as const,
    detail: (ns: string | null, id: string) => [...keys.namespace(ns), 'detail', id] as const,
  };
  return {
    keys,
    list: (ns: string | null, filters: ListFilters) =>
      queryOptions({
        queryKey: keys.list(ns, filters),
        queryFn: () =>
          apiFetch<ListPage & { [K in Plural]: Row[] }>(`${path}?${listSearch(filters)}`, { partner: ns }),
      }),
    detail: (ns: string | null, id: string) =>
      queryOptions({
        queryKey: keys.detail(ns, id),
        queryFn: () => apiFetch<Row>(`${path}/${encodeURIComponent(id)}`, { partner: ns }),
      }),
  };
}
