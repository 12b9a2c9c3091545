'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { DataTable } from '@/components/data-table/data-table';
import { SelectField } from '@/components/ui/field';
import { FilterBar } from '@/components/ui/filter-bar';
import { TimeRangeFields } from '@/components/ui/time-range-fields';
import { FormAlert } from '@/components/ui/form-alert';
import { batchesQuery } from '@/lib/client/queries/settlements';
import { usePaging, useUrlFilters } from '@/lib/client/use-url-state';
import { useListOrder } from '@/lib/client/use-list-order';
import { BATCH_FILTERS, BATCH_STATUSES } from './search-params';
import { LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { batchColumns } from './columns';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

export function SettlementsClient({ partnerId }: { partnerId: string | null }) {
  const ns = useNamespace();
  const list = useUrlFilters(BATCH_FILTERS);
  const { filters } = list;
  const paging = usePaging();
  const order = useListOrder('cutoff', 'desc', { desc: 'Newest cut-off first', asc: 'Oldest cut-off first' });
  const query = useQuery(
    batchesQuery(ns, { ...list.gateway, ...order.query, cursor: paging.cursor, limit: LIMIT }),
  );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          <>
            The settlement batches this namespace took part in.{' '}
            <Link href="/settlements/statement" className={LINK}>
              Statement for a period
            </Link>
          </>
        }
      >
        Settlements
      </PageTitle>
      <FilterBar
        label="Filter batches"
        list={list}
        exportTo={{ path: '/settlements/export', noun: 'batches', partnerId, extra: order.query }}
      >
        <SelectField
          label="Status"
          id="batch-status"
          value={filters.status ?? ''}
          onChange={(e) => list.set({ status: e.target.value })}
        >
          <option value="">Any</option>
          {BATCH_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.charAt(0) + s.slice(1).toLowerCase()}
            </option>
          ))}
        </SelectField>
        <TimeRangeFields
          ids={['cutoff-from', 'cutoff-to']}
          labels={['Cut-off from', 'Cut-off to']}
          from={filters.cutoff_from}
          to={filters.cutoff_to}
          onFrom={(v) => list.set({ cutoff_from: v })}
          onTo={(v) => list.set({ cutoff_to: v })}
        />
      </FilterBar>
      <FormAlert message={query.isError ? (query.error as Error).message : null} />
      <DataTable
        caption="Settlement batches"
        columns={batchColumns(order)}
        data={query.data?.batches ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        order={order}
        isLoading={query.isLoading}
        empty={
          list.active
            ? 'No batches match these filters.'
            : 'No settlement batches yet: cleared transactions are settled at each cut-off.'
        }
      />
    </div>
  );
}
