'use client';

import { ListScreen } from '@/components/ui/list-screen';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { ExportLink } from '@/components/ui/export-link';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { FilterField } from '@/components/ui/filter-field';
import { customerColumns } from './columns';
import { LazyCreateCustomerForm, LazyResolveCustomerForm } from './lazy-customer-forms';
import { customerQueries } from '@/lib/client/queries/customers';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

export function Client({
  canManage,
  partnerId,
}: {
  canManage: boolean;
  /** The selected namespace (the export link names it). */
  partnerId: string | null;
}) {
  const ns = useNamespace();
  const paging = usePaging();
  const { params, set } = useUrlState();
  const search = params.get('q') ?? '';
  const query = useQuery(customerQueries.list(ns, { limit: LIMIT, q: search, ...paging.query }));
  return (
    <ListScreen
      title="Customers"
      intro={<LazyResolveCustomerForm />}
      create={canManage && <LazyCreateCustomerForm />}
      readOnly="Only your organization's admins can create customers."
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <FilterField
            label="Find a customer: id, address or name"
            id="customer-search"
            type="search"
            value={search}
            onValue={(q) => set({ q })}
          />
        </div>
        <ExportLink path="/customer/export" filters={{ q: search }} partnerId={partnerId}>
          Export {search ? 'these customers' : 'all customers'} as CSV
        </ExportLink>
      </div>
      <DataTable
        caption="Customers"
        columns={customerColumns}
        data={query.data?.customers ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={search ? 'No customers match.' : 'No customers yet.'}
      />
    </ListScreen>
  );
}
