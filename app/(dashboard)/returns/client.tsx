'use client';

import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ExportLink } from '@/components/ui/export-link';
import { Field, SelectField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ListScreen } from '@/components/ui/list-screen';
import { returnListQuery } from '@/lib/client/queries/returns';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { returnColumns } from './columns';
import {
  DIRECTIONS,
  gatewayFilters,
  readReturnFilters,
  RETURN_FILTERS,
  RETURNS_LIMIT,
  STATUSES,
  type ReturnUrlFilters,
} from './search-params';

/**
 * The list's filters and its export, from one filters object: what the table shows is what the
 * CSV holds.
 */
function ReturnsFilterBar({
  filters,
  set,
  partnerId,
}: {
  filters: ReturnUrlFilters;
  set: (updates: Record<string, string | undefined>) => void;
  partnerId: string;
}) {
  const filtered = RETURN_FILTERS.some((k) => filters[k]);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
      aria-label="Filter the returns"
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
      {filtered ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => set(Object.fromEntries(RETURN_FILTERS.map((k) => [k, undefined])))}
        >
          Clear filters
        </Button>
      ) : null}
      <ExportLink
        path="/returns/export"
        filters={gatewayFilters(filters)}
        partnerId={partnerId}
        className="ml-auto self-center"
      >
        Export {filtered ? 'these returns' : 'all returns'} as CSV
      </ExportLink>
    </form>
  );
}

/** Returns both ways: money asked back or given back by this namespace, and asked of it or given to it. */
export function ReturnsClient({ partnerId }: { partnerId: string }) {
  const { params, set } = useUrlState();
  const paging = usePaging();
  const filters = readReturnFilters(params);
  const query = useQuery(
    returnListQuery(partnerId, { ...gatewayFilters(filters), cursor: paging.cursor, limit: RETURNS_LIMIT }),
  );
  const filtered = RETURN_FILTERS.some((k) => filters[k]);
  return (
    <ListScreen
      title="Returns"
      description="Payments asked back or given back, both ways: incoming returns bring money back to this namespace, outgoing ones send it back. A return request waits in the payee’s task queue."
      create={false}
    >
      <ReturnsFilterBar filters={filters} set={set} partnerId={partnerId} />
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
          filtered
            ? 'No returns match these filters.'
            : 'No returns yet. Ask for a payment back from its page, or return one you received.'
        }
      />
    </ListScreen>
  );
}
