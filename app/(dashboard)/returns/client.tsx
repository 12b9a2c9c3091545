'use client';

import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { FilterBar } from '@/components/ui/filter-bar';
import { Field, SelectField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ListScreen } from '@/components/ui/list-screen';
import { returnQueries } from '@/lib/client/queries/returns';
import { usePaging, useUrlFilters } from '@/lib/client/use-url-state';
import { returnColumns } from './columns';
import { DIRECTIONS, RETURN_FILTERS, RETURNS_LIMIT, STATUSES } from './search-params';

/** The list's filters and its export, from one filters object (`RETURN_FILTERS`). */
function ReturnsFilterBar({
  list,
  partnerId,
}: {
  list: ReturnType<typeof useReturnFilters>;
  partnerId: string;
}) {
  const { filters, set } = list;
  return (
    <FilterBar
      label="Filter the returns"
      list={list}
      exportTo={{ path: '/returns/export', noun: 'returns', partnerId }}
    >
      <SelectField
        label="Direction"
        id="returns-direction"
        value={filters.direction ?? ''}
        onChange={(e) => set({ direction: e.target.value })}
      >
        <option value="">Both ways</option>
        {Object.entries(DIRECTIONS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        id="returns-status"
        value={filters.status ?? ''}
        onChange={(e) => set({ status: e.target.value })}
      >
        <option value="">Any</option>
        {Object.entries(STATUSES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Field
        label="Made from"
        id="returns-created-from"
        type="date"
        value={filters.created_from ?? ''}
        max={filters.created_to}
        onChange={(e) => set({ created_from: e.target.value })}
      />
      <Field
        label="Made to"
        id="returns-created-to"
        type="date"
        value={filters.created_to ?? ''}
        min={filters.created_from}
        onChange={(e) => set({ created_to: e.target.value })}
      />
    </FilterBar>
  );
}

const useReturnFilters = () => useUrlFilters(RETURN_FILTERS);

/** Returns both ways: money asked back or given back by this namespace, and asked of it or given to it. */
export function ReturnsClient({ partnerId }: { partnerId: string }) {
  const list = useReturnFilters();
  const paging = usePaging();
  const query = useQuery(
    returnQueries.list(partnerId, { ...list.gateway, cursor: paging.cursor, limit: RETURNS_LIMIT }),
  );
  return (
    <ListScreen
      title="Returns"
      description="Payments asked back or given back, both ways: incoming returns bring money back to this namespace, outgoing ones send it back. A return request waits in the payee’s task queue."
      create={false}
    >
      <ReturnsFilterBar list={list} partnerId={partnerId} />
      <FormAlert message={query.isError ? (query.error as Error).message : null} />
      <DataTable
        caption="Returns"
        columns={returnColumns}
        data={query.data?.returns ?? []}
        list={query.data}
        limit={RETURNS_LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={
          list.active
            ? 'No returns match these filters.'
            : 'No returns yet. Ask for a payment back from its page, or return one you received.'
        }
      />
    </ListScreen>
  );
}
