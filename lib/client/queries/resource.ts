import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { ListPage } from '@/lib/client/list-page';
import { keysOf, listSearch, type ListFilters } from './keys';

/**
 * What a list's query does beyond reading: keep showing the last page while the next loads
 * (`keepPrevious`), read again every so many milliseconds (`refetchInterval`).
 */
interface ListExtras {
  keepPrevious?: boolean;
  refetchInterval?: number | false;
}

/**
 * A resource's reads, for every screen that shows it, keyed `[name, ns, filters]` (keys.ts):
 * `list(ns, filters)` — `GET <path>?filters`, its rows under `plural` — and `detail(ns, id)` —
 * `GET <path>/<id>` — each read in the namespace of its key; `keys.all` is what a change of the
 * resource invalidates. `extras(filters)` adds what one list does beyond reading. Name the rows'
 * field as a type argument: `resourceQueries<Account, 'accounts'>('accounts', '/account')`.
 */
export function resourceQueries<Row, Plural extends string, List = ListPage & { [K in Plural]: Row[] }>(
  name: string,
  path: string,
  extras: (filters: ListFilters) => ListExtras = () => ({}),
) {
  const keys = keysOf(name);
  return {
    keys,
    list: (ns: string | null, filters: ListFilters) => {
      const { keepPrevious = false, refetchInterval } = extras(filters);
      return queryOptions({
        queryKey: keys.of(ns, filters),
        queryFn: () => apiFetch<List>(`${path}?${listSearch(filters)}`, { partner: ns }),
        placeholderData: keepPrevious ? keepPreviousData : undefined,
        refetchInterval,
      });
    },
    detail: (ns: string | null, id: string) =>
      queryOptions({
        queryKey: keys.of(ns, { id }),
        queryFn: () => apiFetch<Row>(`${path}/${encodeURIComponent(id)}`, { partner: ns }),
      }),
  };
}
