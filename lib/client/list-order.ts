/**
 * A list's order direction as its page's URL holds it (`order`, `<list>.order` for a page's second
 * list): present only when it is not the list's own. Pure, for the server's first read and the
 * browser's (useListOrder) alike.
 */
export type Order = 'asc' | 'desc';

export const orderParam = (list = '') => (list ? `${list}.order` : 'order');

/** The direction the URL asks for: the list's own (`natural`) unless it names the other. */
export function orderIn(params: URLSearchParams, natural: Order, list = ''): Order {
  const other: Order = natural === 'asc' ? 'desc' : 'asc';
  return params.get(orderParam(list)) === other ? other : natural;
}
