'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

/**
 * Filters and paging kept in the URL, so a list can be shared and bookmarked. The native
 * history.replaceState is synced into useSearchParams by Next.js: no server round trip per filter,
 * and the address bar changes at once, so two changes in a row (before a re-render) both stay.
 */
export function useUrlState() {
  const params = useSearchParams();
  const pathname = usePathname();
  const set = useCallback(
    (updates: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(updates)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      const query = next.toString();
      window.history.replaceState(null, '', query ? `${pathname}?${query}` : pathname);
    },
    [pathname],
  );
  return { params, set, page: Math.max(1, Number(params.get('page') ?? 1) || 1) };
}
