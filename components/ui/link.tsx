'use client';

// The one import of next/link (eslint.config.mjs): every other link in the dashboard is this one.
// eslint-disable-next-line no-restricted-imports
import NextLink from 'next/link';
import { useState, type ComponentProps } from 'react';

/**
 * The dashboard's link: its page is prefetched when the reader reaches for it — the pointer over
 * it, keyboard focus on it, a finger on it — not because it came into view. Next.js prefetches
 * every link in the viewport once the page has loaded, and each prefetch is a request, a server
 * render and main-thread work while the page is still hydrating: the banners' and the pages' own
 * links prefetched four to six routes on every first load (Lighthouse mobile, docs/benchmarks.md
 * "Prefetch on intent"). Reaching for a link starts its prefetch a hundred or more milliseconds
 * before the click, and a dynamic page (every page here: the CSP nonce) is prefetched only to its
 * loading state anyway. `prefetch={false}` turns even that off (a table's rows: CellLink).
 *
 * The pattern is Next.js's own "hover-triggered prefetch" (its prefetching guide): the link is
 * `prefetch={false}` until the first intent, then the default, which prefetches at once.
 */
export function Link({
  prefetch,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...props
}: ComponentProps<typeof NextLink>) {
  const [reached, setReached] = useState(false);
  const reach = () => {
    if (!reached) setReached(true);
  };
  return (
    <NextLink
      {...props}
      prefetch={prefetch === false || !reached ? false : (prefetch ?? null)}
      onMouseEnter={(e) => {
        reach();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        reach();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        reach();
        onTouchStart?.(e);
      }}
    />
  );
}
