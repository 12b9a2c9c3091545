'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import type { UrlFilters } from './url-filters';

/**
 * The URL keys of a list's place: its cursor and the position of its first row (for display);
 * a second list of a page has its own (`deliveries.cursor`).
 */
const pagingKeys = (list: string) =>
  list ? { cursor: `${list}.cursor`, at: `${list}.at` } : { cursor: 'cursor', at: 'at' };
const isPagingKey = (key: string) => /^(\w+\.)?(cursor|at)$/.test(key);

/**
 * Filters and paging kept in the URL, so a list can be shared and bookmarked. The native
 * history.replaceState is synced into useSearchParams by Next.js: no server round trip per filter,
 * and the address bar changes at once, so two changes in a row (before a re-render) both stay.
 *
 * A filter change returns every list of the page to its first page (their cursors belong to the
 * old filters: the gateway would refuse them). A change that is no filter (a drawer opened, the
 * chart's currency) says `keepPlace` and leaves the lists where they are.
 */
export function useUrlState() {
  const params = useSearchParams();
  const pathname = usePathname();
  const set = useCallback(
    (
      updates: Record<string, string | number | undefined>,
      how: 'replace' | 'push' = 'replace',
      { keepPlace = false }: { keepPlace?: boolean } = {},
    ) => {
      const next = new URLSearchParams(window.location.search);
      if (!keepPlace && Object.keys(updates).some((k) => !isPagingKey(k)))
        for (const k of [...next.keys()]) if (isPagingKey(k)) next.delete(k);
      for (const [k, v] of Object.entries(updates)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      const query = next.toString();
      const url = query ? `${pathname}?${query}` : pathname;
      if (how === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    },
    [pathname],
  );
  return { params, set };
}

export interface Paging {
  /** The cursor of the page shown (undefined: the first page). */
  cursor: string | undefined;
  /** The 1-based position of the page's first row in the list, when known. */
  at: number | null;
  /** The gateway query's paging part: `{ cursor }` or nothing. */
  query: Record<string, string>;
  /** The same as a query string's tail: `&cursor=…` or nothing. */
  param: string;
  /** Goes to the page of `cursor`, as a new history entry (Back returns). */
  move: (cursor: string | null, at: number | null) => void;
}

/**
 * A keyset-paged list's place in the URL (`cursor`, `at`; `list` names a second list of a page).
 * Every list screen pages this way (docs/decisions.md "Lists").
 */
export function usePaging(list = ''): Paging {
  const { params, set } = useUrlState();
  const keys = pagingKeys(list);
  const cursor = params.get(keys.cursor) || undefined;
  const at = cursor ? Number(params.get(keys.at)) || null : 1;
  const move = useCallback(
    (next: string | null, nextAt: number | null) =>
      set({ [keys.cursor]: next ?? undefined, [keys.at]: next && nextAt ? nextAt : undefined }, 'push'),
    [set, keys.cursor, keys.at],
  );
  return {
    cursor,
    at,
    query: cursor ? { cursor } : {},
    param: cursor ? `&cursor=${encodeURIComponent(cursor)}` : '',
    move,
  };
}

const typing: Record<string, ReturnType<typeof setTimeout>> = {};

/**
 * Runs `apply` once typing pauses (400 ms after the last call for the same `field`): a list's
 * text filters follow the keyboard without a request per key, and without waiting for the field
 * to lose focus. Each field waits on its own: typing in the next one does not drop the last.
 */
export function whenTypingStops(field: string, apply: () => void): void {
  clearTimeout(typing[field]);
  typing[field] = setTimeout(apply, 400);
}

/**
 * A list's filters (declared with `urlFilters`) as the URL holds them, with what the screen does
 * with them: the fields its filter bar draws, the typed filters they show, the gateway's query its
 * table and export send,
 * whether any is set, and setting or clearing them (a filter change returns the lists of the
 * page to their first page).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each list keeps its own filters' types
export function useUrlFilters<U extends UrlFilters<any>>(list: U) {
  const { params, set } = useUrlState();
  const filters = list.read(params) as ReturnType<U['read']>;
  return {
    filters,
    fields: list.fields,
    gateway: list.gateway(filters),
    active: list.active(filters),
    set: (updates: Partial<Record<U['keys'][number], string | undefined>>) => set(updates),
    clear: () => set(list.cleared),
  };
}
