'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Field, SelectField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { isoSeconds, LocalTime } from '@/components/ui/local-time';
import { apiFetch } from '@/lib/client/api';
import { PaymentStatusBadge } from '@/components/payments/status-badge';
import { formatMoney } from '@/lib/client/format';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import type { ListPage } from '@/lib/client/list-page';
import { LazyPaymentForm } from './lazy-payment-form';
import { PAYMENTS_LIMIT, paymentsQuery } from './search-params';

export interface PaymentRow {
  payment_id: string;
  amount: { currency: string; total: string };
  payment_type: string;
  debtor_party: { payment_address: string };
  beneficiary_party: { payment_address: string };
  initiated_at: string;
  submission_status: number | null;
}
export interface PaymentList extends ListPage {
  payments: PaymentRow[];
}
const col = columnHelper<PaymentRow>();

/** The first page as the server read it for the URL it rendered (`qs`), or null. */
export function Client({
  initial,
  create,
}: {
  initial: { qs: string; data: PaymentList } | null;
  /** Admins create payments in the selected namespace (its domain; a sandbox pays the Sandbox Bank). */
  create: { domain: string; sandbox: boolean } | null;
}) {
  const { params, set } = useUrlState();
  const paging = usePaging();
  const router = useRouter();
  const status = params.get('status') ?? '';
  const from = params.get('created_from') ?? '';
  const to = params.get('created_to') ?? '';
  const prefix = params.get('payment_id') ?? '';
  const [search, setSearch] = useState('');
  const qs = paymentsQuery(params);
  const query = useQuery({
    queryKey: ['payments', qs],
    queryFn: () => apiFetch<PaymentList>(`/payments?${qs}`),
    initialData: initial?.qs === qs ? initial.data : undefined,
  });
  const columns = col.columns([
    col.accessor('payment_id', {
      header: 'Payment',
      cell: ({ row }) => (
        <Link
          className="whitespace-nowrap text-blue-700 underline dark:text-blue-400"
          href={`/payments/${encodeURIComponent(row.original.payment_id)}`}
        >
          {row.original.payment_id}
        </Link>
      ),
    }),
    col.display({
      header: () => <span className="block text-right">Amount</span>,
      id: 'amount',
      cell: ({ row }) => (
        <span className="block text-right whitespace-nowrap tabular-nums">
          {formatMoney(row.original.amount.total, row.original.amount.currency)}
        </span>
      ),
    }),
    col.display({ header: 'From', id: 'from', cell: ({ row }) => row.original.debtor_party.payment_address }),
    col.display({
      header: 'To',
      id: 'to',
      cell: ({ row }) => row.original.beneficiary_party.payment_address,
    }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => <PaymentStatusBadge status={row.original.submission_status} />,
    }),
    col.display({
      header: 'Created',
      id: 'created',
      cell: ({ row }) => <LocalTime seconds={isoSeconds(row.original.initiated_at)} />,
    }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Payments</h1>
      {create ? (
        // Folded unless asked for (`?new=1`): the list comes first.
        <FormSection
          summary="New payment"
          defaultOpen={params.get('new') === '1'}
          className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <LazyPaymentForm domain={create.domain} sandbox={create.sandbox} />
        </FormSection>
      ) : null}
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const id = search.trim();
          if (!id) return;
          // The payment when the id is whole; otherwise the payments whose id starts with it
          // (the exact id sorts first among them), never a dead end.
          const found = await apiFetch<PaymentList>(
            `/payments?${new URLSearchParams({ payment_id: id, limit: '1' })}`,
          ).catch(() => null);
          if (found?.payments[0]?.payment_id === id) router.push(`/payments/${encodeURIComponent(id)}`);
          else set({ payment_id: id });
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <Field
          label="Find a payment by id"
          id="payment-search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit">Open</Button>
        <Field
          key={prefix}
          label="Id starts with"
          id="payment-prefix"
          defaultValue={prefix}
          onBlur={(e) => set({ payment_id: e.target.value.trim() })}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            set({ payment_id: e.currentTarget.value.trim() });
          }}
        />
        <SelectField
          label="Status"
          id="payment-status"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="">Any</option>
          {['pending', 'on_hold', 'admitted', 'rejected', 'expired', 'settled', 'unsubmitted'].map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
            </option>
          ))}
        </SelectField>
        <Field
          label="Created from"
          id="payment-created-from"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => set({ created_from: e.target.value })}
        />
        <Field
          label="Created to"
          id="payment-created-to"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => set({ created_to: e.target.value })}
        />
        {from || to || status || prefix ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              set({
                status: undefined,
                created_from: undefined,
                created_to: undefined,
                payment_id: undefined,
              })
            }
          >
            Clear filters
          </Button>
        ) : null}
      </form>
      <DataTable
        caption="Payments"
        columns={columns}
        data={query.data?.payments ?? []}
        list={query.data}
        limit={PAYMENTS_LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No payments match."
      />
    </div>
  );
}
