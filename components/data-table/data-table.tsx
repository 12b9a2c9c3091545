'use client';

import type { CellContext, ColumnDef, HeaderContext } from '@tanstack/react-table';
import { Pager } from './pager';

/**
 * Server-paginated table: the page's rows come in, page/limit live in the URL. Columns are
 * react-table `ColumnDef`s (header, accessorKey/accessorFn, id, cell), rendered here without
 * react-table's runtime: v8 cannot drop the features we never use (sorting, grouping, filtering…),
 * which cost 12.8 kB gzipped on every list page and put them over the first-load budget.
 */
type Column<T> = ColumnDef<T, unknown> & {
  accessorKey?: string;
  accessorFn?: (row: T, index: number) => unknown;
};

/** `a.b.c` keys read nested values, as react-table's accessorKey does. */
function readPath(row: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((v, k) => (v == null ? undefined : (v as Record<string, unknown>)[k]), row);
}

function columnId<T>(c: Column<T>, i: number): string {
  return c.id ?? c.accessorKey ?? String(i);
}

function renderCell<T>(c: Column<T>, id: string, row: T, index: number): React.ReactNode {
  const value = c.accessorFn
    ? c.accessorFn(row, index)
    : c.accessorKey
      ? readPath(row, c.accessorKey)
      : undefined;
  if (c.cell === undefined) return value == null ? null : String(value);
  if (typeof c.cell !== 'function') return c.cell;
  const getValue = () => value;
  // The part of react-table's cell context that column definitions use.
  const ctx = {
    getValue,
    renderValue: getValue,
    row: { id: String(index), index, original: row, getValue: (key: string) => readPath(row, key) },
    column: { id },
    cell: { id: `${index}_${id}` },
  } as unknown as CellContext<T, unknown>;
  return c.cell(ctx);
}

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
  const cols = (columns as Column<T>[]).map((c, i) => ({ c, id: columnId(c, i) }));
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {cols.map(({ c, id }) => (
              <th key={id} scope="col" className="px-4 py-2 font-medium">
                {typeof c.header === 'function'
                  ? c.header({ column: { id } } as unknown as HeaderContext<T, unknown>)
                  : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            Array.from({ length: 3 }, (_, i) => (
              <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                <td colSpan={cols.length} className="px-4 py-3">
                  <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
                </td>
              </tr>
            ))
          ) : data.length === 0 ? (
            <tr>
              <td colSpan={cols.length} className="px-4 py-6 text-center text-slate-600 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          ) : (
            data.map((row, index) => (
              <tr key={index} className="border-t border-slate-100 dark:border-slate-800">
                {cols.map(({ c, id }) => (
                  <td key={id} className="px-4 py-2 align-middle">
                    {renderCell(c, id, row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Pager count={count} page={page} limit={limit} onPage={onPage} />
    </div>
  );
}
