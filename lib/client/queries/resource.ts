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
 * A resource's reads, for every screen that shows it: the key factory (`all` → `list(filters)`,
 * `detail(id)`: invalidating `all` refreshes both; the selected namespace is part of every key's
 * hash, app/providers.tsx) and the `queryOptions` of its list (`GET <path>?filters`, rows under
 * `plural`) and of one record (`GET <path>/<id>`). Name the rows' field as a type argument:
 * `resourceQueries<Account, 'accounts'>('accounts', '/account')`.
 */
export function resourceQueries<Row, Plural extends string>(name: string, path: string) {
  const keys = {
    all: [name] as const,
    list: (filters: ListFilters) => [name, 'list', filters] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  };
  return {
    keys,
    list: (filters: ListFilters) =>
      queryOptions({
        queryKey: keys.list(filters),
        queryFn: () => apiFetch<ListPage & { [K in Plural]: Row[] }>(`${path}?${listSearch(filters)}`),
      }),
    detail: (id: string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: () => apiFetch<Row>(`${path}/${encodeURIComponent(id)}`),
      }),
  };
}
