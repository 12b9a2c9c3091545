import { queryOptions } from '@tanstack/react-query';
import { apiFetch, isNotFound } from '@/lib/client/api';
import type { ListPage } from '@/lib/client/list-page';
import type {
  ListPaymentsResponse,
  Party,
  Payment as WirePayment,
  PaymentException,
  Submission,
  Task,
  Transaction,
} from '@/lib/schemas/payments';

/**
 * A payment as the dashboard reads it: the wire type (lib/schemas) with its parties as the create
 * body declares them — the gateway echoes them as sent, so its response schema types them loosely.
 */
export type WithParties<P extends { debtor_party: unknown; beneficiary_party: unknown }> = Omit<
  P,
  'debtor_party' | 'beneficiary_party'
> & { debtor_party: Party; beneficiary_party: Party };

export type Payment = WithParties<WirePayment>;
/** A payment as the list answers it. */
export type PaymentRow = WithParties<ListPaymentsResponse['payments'][number]>;
export type PaymentList = ListPage & { payments: PaymentRow[] };

/**
 * The payments' keys: the list by its query string; one payment, and the parts of its page read
 * with it (submission, tasks, transactions, exceptions) under its key, so invalidating a payment
 * refreshes them all, and invalidating `all` every payment.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  list: (qs: string) => ['payments', 'list', qs] as const,
  detail: (id: string) => ['payments', 'detail', id] as const,
  part: (id: string, part: 'submission' | 'tasks' | 'txns' | 'exc') =>
    ['payments', 'detail', id, part] as const,
};

const path = (id: string) => `/payments/${encodeURIComponent(id)}`;

export const paymentListQuery = (qs: string) =>
  queryOptions({ queryKey: paymentKeys.list(qs), queryFn: () => apiFetch<PaymentList>(`/payments?${qs}`) });

export const paymentQuery = (id: string) =>
  queryOptions({ queryKey: paymentKeys.detail(id), queryFn: () => apiFetch<Payment>(path(id)) });

/** The payment's submission, null before it is submitted. */
export const submissionQuery = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.part(id, 'submission'),
    queryFn: () =>
      apiFetch<Submission>(`${path(id)}/submissions`).catch((e) =>
        isNotFound(e) ? null : Promise.reject(e),
      ),
    // While the admission waits, its outcome may come at any moment (a counterparty working its
    // queue, the Sandbox Bank within seconds): the submission is read again every few seconds.
    refetchInterval: (q) => (q.state.data?.status === 1 ? 3000 : false),
  });

export const paymentTasksQuery = (id: string, admissionId: string | undefined) =>
  queryOptions({
    queryKey: paymentKeys.part(id, 'tasks'),
    queryFn: () => apiFetch<{ tasks: Task[] }>(`${path(id)}/admissions/${admissionId}/tasks`),
    enabled: Boolean(admissionId),
  });

export const paymentTransactionsQuery = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.part(id, 'txns'),
    queryFn: () => apiFetch<{ transactions: Transaction[] }>(`${path(id)}/transactions`),
  });

export const paymentExceptionsQuery = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.part(id, 'exc'),
    queryFn: () => apiFetch<{ exceptions: PaymentException[] }>(`${path(id)}/exceptions`),
  });
