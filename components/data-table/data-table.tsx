'use client';

import { useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { features, type Features } from './columns';
import type { Paging } from '@/lib/client/use-url-state';
import type { ListOrder } from '@/lib/client/use-list-order';
import type { ListPage } from '@/lib/client/list-page';
import { CursorPager } from './pager';

/** One empty list for every table: a fresh `[]` per render would rebuild the row model each time. */
const NO_ROWS: never[] = [];

/**
 * A column's cell (or header) template applied to its context. Column definitions are rebuilt on
 * every render of their screen (they close over its mutations), so mounting each template as a
 * component, as `flexRender` does, would remount every cell on each render — a select or button in
 * a row (or a header's sort button) would lose focus while it is being used. Templates here are
 * render functions, never hooks.
 */
function render<C>(template: unknown, ctx: C): React.ReactNode {
  return typeof template === 'function' ? template(ctx) : (template as React.ReactNode);
}

/**
 * A column's name for a row shown as a card on a phone: its header when that is text, else its
 * id in words (`created_at` → "created at"); a column of actions has none.
 */
function labelOf(column: { id: string; columnDef: { header?: unknown } }): string {
  const header = column.columnDef.header;
  if (typeof header === 'string') return header;
  return column.id === 'actions' ? '' : column.id.replace(/[_.]/g, ' ');
}

/**
 * Below the `sm` breakpoint a row is a card, each cell a line with its column's name (`data-label`)
 * before it, so that a phone never scrolls a table sideways; a word longer than the card's line (an
 * id, `txn_0mx1yz9hf0eob1etwqgded8zf`) breaks where it must rather than run under its edge. The table's roles are explicit: with
 * the elements displayed as blocks a browser may otherwise stop exposing them as a table.
 */
const CARDS = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:py-2',
  cell: 'max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:before:shrink-0 max-sm:[&>*]:[overflow-wrap:anywhere] max-sm:py-1 max-sm:text-right max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)_/_""] dark:max-sm:before:text-slate-400 max-sm:[&>*]:min-w-0 max-sm:[&>div]:flex-wrap max-sm:[&>div]:justify-end',
};

/** What a table shows: its columns and the page's rows, with what the gateway said about the rest. */
export interface DataTableProps<T extends RowData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type
  columns: ColumnDef<Features, T, any>[];
  data: T[];
  list: ListPage | undefined;
  limit: number;
  paging: Paging;
  isLoading?: boolean;
  empty?: string;
  caption: string;
  /**
   * The list's order, when a header sorts it (one column: the gateway's sort key; its header is a
   * `SortHeader`): the header cell says the direction (`aria-sort`).
   */
  order?: ListOrder;
}

/**
 * Server-paginated table on react-table's core: the page's rows come in with what the gateway said
 * about the rest (`list`); the page's place lives in the URL (`usePaging`), and so does the
 * direction of its order (`useListOrder`) when the list can be read both ways.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  list,
  limit,
  paging,
  isLoading,
  empty = 'Nothing here yet.',
  caption,
  order,
}: DataTableProps<T>) {
  const table = useTable({ features, columns, data: data.length ? data : NO_ROWS });
  const width = table.getAllLeafColumns().length;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      {/* A table wider than a phone scrolls inside its frame; the page itself never scrolls sideways. */}
      <div className="overflow-x-auto">
        <table role="table" className={`w-full text-left text-sm ${CARDS.table}`}>
          <caption className="sr-only">{caption}</caption>
          <thead
            role="rowgroup"
            className={`bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300 ${CARDS.head}`}
          >
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row">
                {group.headers.map((header) => {
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      role="columnheader"
                      className="px-4 py-2 font-medium"
                      // "asc" + "ending", "desc" + "ending" (this table is at its first-load budget)
                      aria-sort={order?.column === header.column.id ? `${order.order}ending` : undefined}
                    >
                      {header.isPlaceholder
                        ? null
                        : render(header.column.columnDef.header, header.getContext())}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody role="rowgroup" className={CARDS.body}>
            {isLoading ? (
              Array.from({ length: 3 }, (_, i) => (
                <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                  <td colSpan={width} className="px-4 py-3">
                    <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                  </td>
                </tr>
              ))
            ) : data.length === 0 ? (
              <tr>
                <td colSpan={width} className="px-4 py-6 text-center text-slate-600 dark:text-slate-400">
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  role="row"
                  className={`border-t border-slate-100 dark:border-slate-800 ${CARDS.row}`}
                >
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      role="cell"
                      data-label={labelOf(cell.column)}
                      className={`px-4 py-2 align-middle ${CARDS.cell}`}
                    >
                      {render(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <CursorPager list={list} rows={data.length} limit={limit} paging={paging} />
    </div>
  );
}
