'use client';

import { orderIn, orderParam, type Order } from './list-order';
import { useUrlState } from './use-url-state';

export type { Order };

export interface ListOrder {
  /** The id of the column whose header sorts the list (the list's sort key). */
  column: string;
  /** The direction shown: the list's own unless the URL says the other. */
  order: Order;
  /** What each direction is called on this list ("Newest first"). */
  labels: Record<Order, string>;
  /** `order` for the gateway when it is not the list's own; nothing otherwise. */
  query: { order?: Order };
  /** Reads the list the other way, from its first page. */
  toggle: () => void;
}

/**
 * The direction of a list's order, in the URL (`order`, `<list>.order` for a page's second list)
 * only when it is not the list's own, so that the usual address stays as it was. The gateway reads
 * every list either way through the same index (`order`, docs/decisions.md "Lists"); a change is a
 * filter change: the list returns to its first page.
 */
export function useListOrder(
  column: string,
  natural: Order,
  labels: Record<Order, string>,
  list = '',
): ListOrder {
  const { params, set } = useUrlState();
  const key = orderParam(list);
  const other: Order = natural === 'asc' ? 'desc' : 'asc';
  const order = orderIn(params, natural, list);
  return {
    column,
    order,
    labels,
    query: order === natural ? {} : { order },
    toggle: () => set({ [key]: order === natural ? other : undefined }),
  };
}
