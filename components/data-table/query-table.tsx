'use client';

import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { FormAlert } from '@/components/ui/form-alert';
import type { ListPage } from '@/lib/client/list-page';
import { usePaging, type Paging } from '@/lib/client/use-url-state';
import { DataTable, type DataTableProps } from './data-table';

/** A list's page as a screen reads it: its query and rows, its place in the URL, its page size. */
export interface ListQuery<Data, Row> {
  query: UseQueryResult<Data>;
  rows: Row[];
  paging: Paging;
  limit: number;
}

/**
 * A keyset-paged list's query: its page in the URL (`list` names a second list of a page:
 * `queue.cursor`), read with `options` for that page (`{ cursor, limit }` inside its filters, as
 * every list query of lib/client/queries takes them), and its rows (`rows` of the answer).
 */
export function useListQuery<Data, Row, K extends QueryKey>(
  options: (page: { cursor?: string; limit: number }) => UseQueryOptions<Data, Error, Data, K>,
  { limit, list = '', rows }: { limit: number; list?: string; rows: (data: Data) => Row[] },
): ListQuery<Data, Row> {
  const paging = usePaging(list);
  const query = useQuery(options({ cursor: paging.cursor, limit }));
  return { query, rows: query.data ? rows(query.data) : [], paging, limit };
}

/**
 * The table of one list query (`useListQuery`, or a list screen's): the gateway's refusal of it,
 * then its page's rows with its pager.
 */
export function QueryTable<Data, Row extends RowData>({
  list: { query, rows, paging, limit },
  ...table
}: { list: ListQuery<Data, Row> } & Omit<
  DataTableProps<Row>,
  'data' | 'list' | 'limit' | 'paging' | 'isLoading'
>) {
  return (
    <>
      <FormAlert message={query.isError ? query.error.message : null} />
      <DataTable
        {...table}
        data={rows}
        list={query.data as ListPage | undefined}
        limit={limit}
        paging={paging}
        isLoading={query.isLoading}
      />
    </>
  );
}
