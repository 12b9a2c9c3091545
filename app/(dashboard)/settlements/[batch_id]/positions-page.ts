/**
 * Positions per page of the batch page's table — and all the page's HTML carries of a batch with
 * more counterparties than that (page.tsx); the browser reads the rest after the page.
 */
export const POSITIONS_PAGE = 20;
