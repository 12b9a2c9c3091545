import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link in a table's cell. Not prefetched: Next.js prefetches every link that scrolls into view,
 * and a page of twenty rows with a link each spent more main-thread time prefetching the rows'
 * pages than drawing the list (Lighthouse mobile on /payments: total blocking time 275 → 70 ms,
 * bench:lighthouse). A row's page is read when it is opened, as a dynamic page is anyway.
 */
export function CellLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
