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
type WithParties<P extends { debtor_party: unknown; beneficiary_party: unknown }> = Omit<
  P,
  'debtor_party' | 'beneficiary_party'
> & { debtor_party: Party; beneficiary_party: Party };

export type Payment = WithParties<WirePayment>;
/** A payment as the list answers it. */
export type PaymentRow = WithParties<ListPaymentsResponse['payments'][number]>;
export type PaymentList = ListPage & { payments: PaymentRow[] };

/**
 * The payments' keys, the namespace in each (`ns`): `all` → `namespace(ns)` → the list by its
 * query string; one payment, and the parts of its page read with it (submission, tasks,
 * transactions, exceptions) under its key, so invalidating a payment refreshes them all, and
 * invalidating `all` (the prefix without the namespace) every payment in every namespace.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  namespace: (ns: string | null) => [...paymentKeys.all, ns] as const,
  list: (ns: string | null, qs: string) => [...paymentKeys.namespace(ns), 'list', qs] as const,
  detail: (ns: string | null, id: string) => [...paymentKeys.namespace(ns), 'detail', id] as const,
  part: (ns: string | null, id: string, part: 'submission' | 'tasks' | 'txns' | 'exc') =>
    [...paymentKeys.detail(ns, id), part] as const,
};

const path = (id: string) => `/payments/${encodeURIComponent(id)}`;

export const paymentListQuery = (ns: string | null, qs: string) =>
  queryOptions({
    queryKey: paymentKeys.list(ns, qs),
    queryFn: () => apiFetch<PaymentList>(`/payments?${qs}`, { partner: ns }),
  });

export const paymentQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: paymentKeys.detail(ns, id),
    queryFn: () => apiFetch<Payment>(path(id), { partner: ns }),
  });

/** The payment's submission, null before it is submitted. */
export const submissionQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: paymentKeys.part(ns, id, 'submission'),
    queryFn: () =>
      apiFetch<Submission>(`${path(id)}/submissions`, { partner: ns }).catch((e) =>
        isNotFound(e) ? null : Promise.reject(e),
      ),
    // While the admission waits, its outcome may come at any moment (a counterparty working its
    // queue, the Sandbox Bank within seconds): the submission is read again every few seconds.
    refetchInterval: (q) => (q.state.data?.status === 1 ? 3000 : false),
  });

export const paymentTasksQuery = (ns: string | null, id: string, admissionId: string | undefined) =>
  queryOptions({
    queryKey: paymentKeys.part(ns, id, 'tasks'),
    queryFn: () =>
      apiFetch<{ tasks: Task[] }>(`${path(id)}/admissions/${admissionId}/tasks`, { partner: ns }),
    enabled: Boolean(admissionId),
  });

export const paymentTransactionsQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: paymentKeys.part(ns, id, 'txns'),
    queryFn: () => apiFetch<{ transactions: Transaction[] }>(`${path(id)}/transactions`, { partner: ns }),
  });

export const paymentExceptionsQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: paymentKeys.part(ns, id, 'exc'),
    queryFn: () => apiFetch<{ exceptions: PaymentException[] }>(`${path(id)}/exceptions`, { partner: ns }),
  });
