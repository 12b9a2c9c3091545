'use client';

import type { ListOrder } from '@/lib/client/use-list-order';

/**
 * The header of the column the list is ordered by: a button that reads the list the other way
 * (the gateway's `order`), its direction said by `aria-sort` on the cell and an arrow. The button
 * is `relative` so that its screen-reader text (absolute) stays inside the table's scrolling frame
 * instead of widening the page on a phone.
 */
function SortHeader({ order, children }: { order: ListOrder; children: React.ReactNode }) {
  const other = order.order === 'asc' ? 'desc' : 'asc';
  return (
    <button
      type="button"
      onClick={order.toggle}
      title={`${order.labels[order.order]}. Show ${order.labels[other].toLowerCase()}`}
      className="relative inline-flex items-center gap-1 font-medium uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-white"
    >
      {children}
      <span aria-hidden="true">{order.order === 'asc' ? '↑' : '↓'}</span>
      <span className="sr-only">, {order.labels[order.order].toLowerCase()}</span>
    </button>
  );
}

/**
 * A column's header template: the sort button when the list is ordered by this column, else its
 * label (DataTable calls header templates as functions, so the button is not remounted).
 */
// eslint-disable-next-line react/display-name -- a template DataTable calls, never a mounted component
export const sortableHeader = (order: ListOrder, column: string, label: string) => () =>
  order.column === column ? <SortHeader order={order}>{label}</SortHeader> : label;
