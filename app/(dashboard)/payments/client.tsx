'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { CARD } from '@/components/ui/styles';
import { useTenant } from '@/lib/client/deployment';
import { findTarget } from '@/lib/client/find';
import { paymentListQuery } from '@/lib/client/queries/payments';
import { paymentColumns } from './columns';
import { LazyPaymentForm } from './lazy-payment-form';
import { PAYMENT_FILTERS, PAYMENTS_LIMIT, paymentOrder } from './search-params';

/**
 * The namespace's payments, newest first (with an id prefix, in payment_id order), filtered in the
 * URL; a search that opens what an id names; admins create payments in the selected namespace (its
 * domain; a sandbox pays the Sandbox Bank). Its first page comes with the HTML (page.tsx).
 */
export const PaymentsScreen = defineListScreen({
  title: 'Payments',
  filters: PAYMENT_FILTERS,
  filterBar: {
    label: 'Filter the payments',
    className: 'flex flex-wrap items-center gap-3',
    grid: 'grid w-full grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5',
  },
  order: paymentOrder,
  query: paymentListQuery,
  rows: (d) => d.payments,
  caption: 'Payments',
  limit: PAYMENTS_LIMIT,
  empty: 'No payments match.',
  export: { path: '/payments/export', noun: 'payments' },
  manage: 'payments.create',
  useControls: () => ({
    tenant: useTenant(),
    router: useRouter(),
    search: useState(''),
    finding: useState(false),
  }),
  create: ({ url, controls: { tenant } }) =>
    tenant ? (
      // Folded unless asked for (`?new=1`): the list comes first.
      <FormSection summary="New payment" defaultOpen={url.params.get('new') === '1'} className={CARD}>
        <LazyPaymentForm domain={tenant.domain} sandbox={tenant.sandbox} />
      </FormSection>
    ) : null,
  toolbar: ({
    ns,
    controls: {
      router,
      search: [search, setSearch],
      finding: [finding, setFinding],
    },
  }) => (
    <form
      role="search"
      aria-label="Payments"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!search.trim()) return;
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
  ),
  columns: ({ order }) => paymentColumns(order!),
});
