'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { customerQueries } from '@/lib/client/queries/customers';
import { text, urlFilters } from '@/lib/client/url-filters';
import { customerColumns } from './columns';
import { LazyCreateCustomerForm, LazyResolveCustomerForm } from './lazy-customer-forms';

/** The namespace's customers: found by an id, address or name fragment (`q`); admins create them. */
export const CustomersScreen = defineListScreen({
  title: 'Customers',
  intro: <LazyResolveCustomerForm />,
  filters: urlFilters({
    q: {
      kind: text(),
      label: 'Find a customer: id, address or name',
      id: 'customer-search',
      input: { type: 'search' },
      wrap: 'w-full max-w-md',
    },
  }),
  filterBar: { label: 'Find customers' },
  query: customerQueries.list,
  rows: (d) => d.customers,
  columns: customerColumns,
  caption: 'Customers',
  limit: 20,
  empty: { none: 'No customers yet.', filtered: 'No customers match.' },
  export: { path: '/customer/export', noun: 'customers' },
  manage: 'customers.create',
  create: <LazyCreateCustomerForm />,
  readOnly: "Only your organization's admins can create customers.",
});
