'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { DataTable } from '@/components/data-table/data-table';
import { Field, SelectField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { ExportLink } from '@/components/ui/export-link';
import { FormAlert } from '@/components/ui/form-alert';
import { batchesQuery } from '@/lib/client/queries/settlements';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { useListOrder } from '@/lib/client/use-list-order';
import { BATCH_STATUSES, fromLocalInput, toLocalInput } from './search-params';
import { LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { batchColumns } from './columns';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

export function SettlementsClient({ partnerId }: { partnerId: string | null }) {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const paging = usePaging();
  const order = useListOrder('cutoff', 'desc', { desc: 'Newest cut-off first', asc: 'Oldest cut-off first' });
  const status = params.get('status') ?? '';
  const from = params.get('cutoff_from') ?? '';
  const to = params.get('cutoff_to') ?? '';
  const query = useQuery(
    batchesQuery(ns, {
      status,
      cutoff_from: from,
      cutoff_to: to,
      cursor: paging.cursor,
      limit: LIMIT,
      ...order.query,
    }),
  );
  const hasFilters = Boolean(status || from || to);

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
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter batches"
      >
        <SelectField
          label="Status"
          id="batch-status"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">Any</option>
          {BATCH_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.charAt(0) + s.slice(1).toLowerCase()}
            </option>
          ))}
        </SelectField>
        <Field
          label="Cut-off from"
          id="cutoff-from"
          type="datetime-local"
          value={toLocalInput(from)}
          onChange={(e) => set({ cutoff_from: fromLocalInput(e.target.value, 'start') })}
        />
        <Field
          label="Cut-off to"
          id="cutoff-to"
          type="datetime-local"
          value={toLocalInput(to)}
          onChange={(e) => set({ cutoff_to: fromLocalInput(e.target.value, 'end') })}
        />
        {hasFilters ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => set({ status: undefined, cutoff_from: undefined, cutoff_to: undefined })}
          >
            Clear filters
          </Button>
        ) : null}
        <ExportLink
          path="/settlements/export"
          filters={{ status, cutoff_from: from, cutoff_to: to, ...order.query }}
          partnerId={partnerId}
          className="ml-auto self-center"
        >
          Export {hasFilters ? 'these batches' : 'all batches'} as CSV
        </ExportLink>
      </form>
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
          hasFilters
            ? 'No batches match these filters.'
            : 'No settlement batches yet: cleared transactions are settled at each cut-off.'
        }
      />
    </div>
  );
}
