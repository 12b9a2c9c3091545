'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { FormSection } from '@/components/ui/form-section';
import { CARD } from '@/components/ui/styles';
import { useTenant } from '@/lib/client/deployment';
import { paymentListQuery } from '@/lib/client/queries/payments';
import { paymentColumns } from './columns';
import { LazyPaymentForm } from './lazy-payment-form';
import { PAYMENT_FILTERS, PAYMENTS_LIMIT, paymentOrder } from './search-params';

/**
 * The namespace's payments, newest first (with an id prefix, in payment_id order), filtered in the
 * URL; admins create payments in the selected namespace (its domain; a sandbox pays the Sandbox
 * Bank). Its first page comes with the HTML (page.tsx). Finding one payment is the shell's search
 * (components/shell/search-dialog.tsx), the dashboard's one search box, which leads here with the
 * filter that found it.
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
  useControls: () => ({ tenant: useTenant() }),
  create: ({ url, controls: { tenant } }) =>
    tenant ? (
      // Folded unless asked for (`?new=1`): the list comes first.
      <FormSection summary="New payment" defaultOpen={url.params.get('new') === '1'} className={CARD}>
        <LazyPaymentForm domain={tenant.domain} sandbox={tenant.sandbox} />
      </FormSection>
    ) : null,
  columns: ({ order }) => paymentColumns(order!),
});
