'use client';

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';

/** Server-paginated table: the page's rows come in, page/limit live in the URL. */
export function DataTable<T>({
  columns,
  data,
  count,
  page,
  limit,
  onPage,
  isLoading,
  empty = 'Nothing here yet.',
  caption,
}: {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  count: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  isLoading?: boolean;
  empty?: string;
  caption: string;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is rebuilt from props each render
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: count,
  });
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => (
                <th key={h.id} scope="col" className="px-4 py-2 font-medium">
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {isLoading ? (
            Array.from({ length: 3 }, (_, i) => (
              <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                <td colSpan={columns.length} className="px-4 py-3">
                  <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                </td>
              </tr>
            ))
          ) : data.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length}
                className="px-4 py-6 text-center text-slate-600 dark:text-slate-400"
              >
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 dark:border-slate-800">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-2 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm dark:border-slate-800">
        <span className="text-slate-600 dark:text-slate-400">
          {count} total · page {page} of {pages}
        </span>
        <div className="flex gap-2">
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40 dark:border-slate-600"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40 dark:border-slate-600"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </div>
      </div>
    </div>
  );
}
