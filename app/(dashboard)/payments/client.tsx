'use client';

import { hashKey, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { FilterBar } from '@/components/ui/filter-bar';
import { Field, SelectField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { usePaging, useUrlFilters, useUrlState } from '@/lib/client/use-url-state';
import { useListOrder } from '@/lib/client/use-list-order';
import { findTarget } from '@/lib/client/find';
import { FilterField } from '@/components/ui/filter-field';
import { LazyPaymentForm } from './lazy-payment-form';
import {
  amountBound,
  naturalOrder,
  PAYMENT_FILTERS,
  PAYMENTS_LIMIT,
  paymentListFilters,
} from './search-params';
import { CounterpartyFilter } from './counterparty-filter';
import { CARD, LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { paymentListQuery, type PaymentList } from '@/lib/client/queries/payments';
import { paymentColumns } from './columns';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { useNamespace } from '@/lib/client/namespace';

/** The statuses in the order a person works through them. */
const PAYMENT_STATUSES = ['pending', 'on_hold', 'admitted', 'rejected', 'expired', 'settled', 'unsubmitted'];

const NEWEST_FIRST = { desc: 'Newest first', asc: 'Oldest first' };

/** The first page as the server read it for the URL it rendered (its `filters`), or null. */
export function Client({
  initial,
  create,
  partnerId,
}: {
  /** The selected namespace (the export link names it). */
  partnerId: string | null;
  initial: (ServerRead<PaymentList> & { filters: Record<string, string> }) | null;
  /** Admins create payments in the selected namespace (its domain; a sandbox pays the Sandbox Bank). */
  create: { domain: string; sandbox: boolean } | null;
}) {
  const ns = useNamespace();
  const { params } = useUrlState();
  const paging = usePaging();
  const router = useRouter();
  const list = useUrlFilters(PAYMENT_FILTERS);
  const { filters } = list;
  const value = (key: (typeof PAYMENT_FILTERS.keys)[number]) => filters[key] ?? '';
  // Newest first; with an id prefix, in payment_id order (naturalOrder).
  const byId = Boolean(filters.payment_id);
  const order = useListOrder(
    byId ? 'payment_id' : 'created',
    naturalOrder(params),
    byId ? { asc: 'Payment id A to Z', desc: 'Payment id Z to A' } : NEWEST_FIRST,
  );
  const [search, setSearch] = useState('');
  const [finding, setFinding] = useState(false);
  const listFilters = paymentListFilters(params);
  const query = useQuery({
    ...paymentListQuery(ns, listFilters),
    initialData: initialFrom(
      ns,
      initial,
      initial !== null && hashKey([initial.filters]) === hashKey([listFilters]),
    ),
  });
  const badAmount = (key: 'amount_from' | 'amount_to') =>
    filters[key] && !amountBound(filters[key], filters.currency) ? 'An amount such as 25.00' : undefined;
  /** A text filter's field: in the URL under its own name. */
  const textFilter = (key: (typeof PAYMENT_FILTERS.keys)[number]) => ({
    value: value(key),
    onValue: (v: string) => list.set({ [key]: v }),
  });
  const columns = paymentColumns(order);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Payments</PageTitle>
      {create ? (
        // Folded unless asked for (`?new=1`): the list comes first.
        <FormSection summary="New payment" defaultOpen={params.get('new') === '1'} className={CARD}>
          <LazyPaymentForm domain={create.domain} sandbox={create.sandbox} />
        </FormSection>
      ) : null}
      <form
        role="search"
        aria-label="Payments"
        onSubmit={async (e) => {
          e.preventDefault();
          const text = search.trim();
          if (!text) return;
          setFinding(true);
          try {
            const target = await findTarget(ns, search);
            if (target) router.push(target);
          } finally {
            setFinding(false);
          }
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <Field
          label="Find a payment"
          id="payment-search"
          className="w-[min(30rem,80vw)]"
          placeholder="Payment id, txn_…, adm_…, task_…, address or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" disabled={finding}>
          Find
        </Button>
      </form>
      <FilterBar
        label="Filter the payments"
        list={list}
        className="flex flex-wrap items-center gap-3"
        exportTo={{ path: '/payments/export', noun: 'payments', partnerId, extra: order.query }}
      >
        <fieldset className="grid w-full grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <legend className="sr-only">Filters</legend>
          <SelectField
            label="Status"
            id="payment-status"
            value={value('status')}
            onChange={(e) => list.set({ status: e.target.value })}
          >
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </SelectField>
          <Field
            label="Created from"
            id="payment-created-from"
            type="date"
            value={value('created_from')}
            max={value('created_to') || undefined}
            onChange={(e) => list.set({ created_from: e.target.value })}
          />
          <Field
            label="Created to"
            id="payment-created-to"
            type="date"
            value={value('created_to')}
            min={value('created_from') || undefined}
            onChange={(e) => list.set({ created_to: e.target.value })}
          />
          <FilterField label="Party address or name" id="payment-party" {...textFilter('party')} />
          <FilterField label="Reference contains" id="payment-reference" {...textFilter('reference')} />
          <FilterField
            label="Amount from"
            id="payment-amount-from"
            inputMode="decimal"
            placeholder="0.00"
            error={badAmount('amount_from')}
            {...textFilter('amount_from')}
          />
          <FilterField
            label="Amount to"
            id="payment-amount-to"
            inputMode="decimal"
            placeholder="0.00"
            error={badAmount('amount_to')}
            {...textFilter('amount_to')}
          />
          <FilterField
            label="Currency"
            id="payment-currency"
            placeholder="USD"
            maxLength={3}
            autoCapitalize="characters"
            {...textFilter('currency')}
            normalize={(typed) => {
              const v = typed.trim().toUpperCase();
              return v === '' || /^[A-Z]{3}$/.test(v) ? v : null;
            }}
          />
          <CounterpartyFilter value={value('counterparty')} onChange={(v) => list.set({ counterparty: v })} />
          <FilterField label="Id starts with" id="payment-prefix" {...textFilter('payment_id')} />
        </fieldset>
        {(['transaction_id', 'admission_id', 'task_id'] as const).map((key) =>
          value(key) ? (
            <span
              key={key}
              className="rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
            >
              {key.replace('_id', '')} {value(key)}{' '}
              <button
                type="button"
                className={`ml-1 ${LINK}`}
                aria-label={`Remove the ${key.replace('_', ' ')} filter`}
                onClick={() => list.set({ [key]: undefined })}
              >
                ×
              </button>
            </span>
          ) : null,
        )}
      </FilterBar>
      <DataTable
        caption="Payments"
        columns={columns}
        data={query.data?.payments ?? []}
        list={query.data}
        limit={PAYMENTS_LIMIT}
        paging={paging}
        order={order}
        isLoading={query.isLoading}
        empty="No payments match."
      />
    </div>
  );
}
