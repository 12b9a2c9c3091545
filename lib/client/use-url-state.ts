'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';

/** Filters and paging kept in the URL, so a list can be shared and bookmarked. */
export function useUrlState() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const current = params.toString();
  // A replace lands in a transition: until it does, `params` is the URL before it. Two quick
  // changes (type a filter, then clear another) must build on each other, not on the stale URL.
  const pending = useRef<string | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [current]);
  const set = useCallback(
    (updates: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(pending.current ?? current);
      for (const [k, v] of Object.entries(updates)) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      pending.current = next.toString();
      router.replace(`${pathname}?${pending.current}`);
    },
    [current, router, pathname],
  );
  return { params, set, page: Math.max(1, Number(params.get('page') ?? 1) || 1) };
}
