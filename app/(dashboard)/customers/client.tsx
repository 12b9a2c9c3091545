'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListPage } from '@/lib/client/list-page';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ExportLink } from '@/components/ui/export-link';
import { Field } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { FilterField } from '@/components/ui/filter-field';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { CustomerValues } from './customer-schemas';
import { CARD } from '@/components/ui/styles';

interface Customer {
  token: string;
  payment_address: string;
  first_name: string;
  last_name: string;
  nick_name: string;
  status: number;
  partner_id: string;
}
const col = columnHelper<Customer>();
const LIMIT = 20;
const STATUS: Record<number, string> = { 1: 'Active', 2: 'Suspended', 3: 'Closed' };
const EMPTY: CustomerValues = { payment_address: '', first_name: '', last_name: '' };

const customerResolver = lazyResolver(() => import('./customer-schemas').then((m) => m.customerResolver));
const resolveResolver = lazyResolver(() => import('./customer-schemas').then((m) => m.resolveResolver));

export function Client({
  canManage,
  partnerId,
}: {
  canManage: boolean;
  /** The selected namespace (the export link names it). */
  partnerId: string | null;
}) {
  const paging = usePaging();
  const { params, set } = useUrlState();
  const search = params.get('q') ?? '';
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: ['customers', { q: search, cursor: paging.cursor }],
    queryFn: () =>
      apiFetch<ListPage & { customers: Customer[] }>(
        `/customer?limit=${LIMIT}${search ? `&q=${encodeURIComponent(search)}` : ''}${paging.param}`,
      ),
  });
  const form = useForm<CustomerValues>({ resolver: customerResolver, defaultValues: EMPTY });
  const create = useMutation({
    mutationFn: (v: CustomerValues) => apiFetch<Customer>('/customer', { method: 'POST', body: v }),
    onSuccess: (c) => {
      toast('success', `Customer ${c.payment_address} created`);
      form.reset(EMPTY);
      qc.invalidateQueries({ queryKey: ['customers'] });
    },
    onError: (e: Error) => form.setError('payment_address', { message: e.message }),
  });
  const resolveForm = useForm({ resolver: resolveResolver, defaultValues: { address: '' } });
  const [resolved, setResolved] = useState<Customer | null>(null);
  const [resolveError, setResolveError] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: (a: string) => apiFetch<Customer>(`/customer/${encodeURIComponent(a)}/resolve`),
    onSuccess: (c) => {
      setResolved(c);
      setResolveError(null);
    },
    onError: (e: Error) => {
      setResolved(null);
      setResolveError(e.message);
    },
  });
  const columns = col.columns([
    col.accessor('payment_address', { header: 'Payment address' }),
    col.display({
      header: 'Name',
      id: 'name',
      cell: ({ row }) => `${row.original.first_name} ${row.original.last_name}`,
    }),
    col.accessor('nick_name', { header: 'Nickname' }),
    col.accessor('status', {
      header: 'Status',
      cell: (c) => STATUS[c.getValue()] ?? String(c.getValue()),
    }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Customers</h1>
      <form
        onSubmit={resolveForm.handleSubmit((v) => resolve.mutate(v.address))}
        noValidate
        className={`flex flex-wrap items-end gap-3 ${CARD}`}
      >
        <Field
          label="Resolve a payment address"
          id="resolve-address"
          placeholder="alice@sandbox-bank.test"
          {...resolveForm.register('address')}
          error={resolveForm.formState.errors.address?.message}
        />
        <Button type="submit" disabled={resolve.isPending}>
          Resolve
        </Button>
        {resolved ? (
          <p role="status" className="text-sm">
            {resolved.payment_address} →{' '}
            <strong>
              {resolved.first_name} {resolved.last_name}
            </strong>{' '}
            ({STATUS[resolved.status]})
          </p>
        ) : null}
        {resolveError ? (
          <p role="status" className="text-sm text-red-700 dark:text-red-400">
            {resolveError}
          </p>
        ) : null}
      </form>
      {canManage ? (
        <form
          onSubmit={form.handleSubmit((v) => create.mutate(v))}
          className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-4 dark:border-slate-800 dark:bg-slate-900"
          noValidate
        >
          <Field
            label="Payment address"
            id="c-address"
            {...form.register('payment_address')}
            error={form.formState.errors.payment_address?.message}
          />
          <Field
            label="First name"
            id="c-first"
            {...form.register('first_name')}
            error={form.formState.errors.first_name?.message}
          />
          <Field
            label="Last name"
            id="c-last"
            {...form.register('last_name')}
            error={form.formState.errors.last_name?.message}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create customer'}
          </Button>
        </form>
      ) : (
        <Banner tone="info" title="Read only">
          Only your organization&apos;s admins can create customers.
        </Banner>
      )}
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
        columns={columns}
        data={query.data?.customers ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={search ? 'No customers match.' : 'No customers yet.'}
      />
    </div>
  );
}
