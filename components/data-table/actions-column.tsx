import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { columnHelper } from './columns';

/**
 * A list's Actions column: the buttons `render` gives a row, side by side (none for a row it answers
 * null). No column at all when `render` is null — changes are for those who may make them, and
 * everyone else reads. Spread into a column list: `...actionsColumn(actions && ((row) => …))`.
 */
export function actionsColumn<T extends RowData>(render: ((row: T) => ReactNode) | null | false) {
  if (!render) return [];
  return [
    columnHelper<T>().display({
      header: 'Actions',
      id: 'actions',
      cell: ({ row }) => {
        const buttons = render(row.original);
        return buttons ? <div className="flex gap-2">{buttons}</div> : null;
      },
    }),
  ];
}
