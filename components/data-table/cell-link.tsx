import type { ComponentProps } from 'react';
import { Link } from '@/components/ui/link';

/**
 * A link in a table's cell. Not prefetched, not even when reached for (components/ui/link.tsx): a
 * pointer sweeping down a list would prefetch every row it crosses, and a page of twenty rows
 * prefetched in view spent more main-thread time on the rows' pages than drawing the list
 * (Lighthouse mobile on /payments: total blocking time 275 → 70 ms, bench:lighthouse). A row's
 * page is read when it is opened, as a dynamic page is anyway.
 */
export function CellLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
