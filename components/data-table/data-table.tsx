'use client';

import { useTable, type CellContext, type ColumnDef, type RowData } from '@tanstack/react-table';
import { features, type Features } from './columns';
import type { Paging } from '@/lib/client/use-url-state';
import type { ListPage } from '@/lib/client/list-page';
import { CursorPager } from './pager';

/** One empty list for every table: a fresh `[]` per render would rebuild the row model each time. */
const NO_ROWS: never[] = [];

/**
 * A column's cell template applied to its context. Column definitions are rebuilt on every render
 * of their screen (they close over its mutations), so mounting each template as a component, as
 * `flexRender` does, would remount every cell on each render — a select or button in a row would
 * lose focus while it is being used. Templates here are render functions, never hooks.
 */
function renderCell<T extends RowData>(ctx: CellContext<Features, T, unknown>): React.ReactNode {
  const template = ctx.column.columnDef.cell;
  return typeof template === 'function' ? template(ctx) : template;
}

/**
 * Server-paginated table on react-table's core: the page's rows come in with what the gateway said
 * about the rest (`list`); the page's place lives in the URL (`usePaging`).
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
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type
  columns: ColumnDef<Features, T, any>[];
  data: T[];
  list: ListPage | undefined;
  limit: number;
  paging: Paging;
  isLoading?: boolean;
  empty?: string;
  caption: string;
}) {
  const table = useTable({ features, columns, data: data.length ? data : NO_ROWS });
  const width = table.getAllLeafColumns().length;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      {/* A table wider than a phone scrolls inside its frame; the page itself never scrolls sideways. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-4 py-2 font-medium">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
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
                <tr key={row.id} className="border-t border-slate-100 dark:border-slate-800">
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="px-4 py-2 align-middle">
                      {renderCell(cell.getContext())}
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
