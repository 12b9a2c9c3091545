'use client';

import { ListScreen } from '@/components/ui/list-screen';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { FilterBar } from '@/components/ui/filter-bar';
import { text, urlFilters } from '@/lib/client/url-filters';
import { usePaging, useUrlFilters } from '@/lib/client/use-url-state';
import { FilterField } from '@/components/ui/filter-field';
import { customerColumns } from './columns';
import { LazyCreateCustomerForm, LazyResolveCustomerForm } from './lazy-customer-forms';
import { customerQueries } from '@/lib/client/queries/customers';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

/** The list's one filter: an id, address or name fragment (`q`). */
const CUSTOMER_FILTERS = urlFilters({ q: text() });

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
  const list = useUrlFilters(CUSTOMER_FILTERS);
  const query = useQuery(customerQueries.list(ns, { ...list.gateway, ...paging.query, limit: LIMIT }));
  return (
    <ListScreen
      title="Customers"
      intro={<LazyResolveCustomerForm />}
      create={canManage && <LazyCreateCustomerForm />}
      readOnly="Only your organization's admins can create customers."
    >
      <FilterBar
        label="Find customers"
        list={list}
        exportTo={{ path: '/customer/export', noun: 'customers', partnerId }}
      >
        <div className="w-full max-w-md">
          <FilterField
            label="Find a customer: id, address or name"
            id="customer-search"
            type="search"
            value={list.filters.q ?? ''}
            onValue={(q) => list.set({ q })}
          />
        </div>
      </FilterBar>
      <DataTable
        caption="Customers"
        columns={customerColumns}
        data={query.data?.customers ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={list.active ? 'No customers match.' : 'No customers yet.'}
      />
    </ListScreen>
  );
}
