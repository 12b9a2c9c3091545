import { queryOptions } from '@tanstack/react-query';
import { apiFetch, isNotFound } from '@/lib/client/api';
import type { ListPage } from '@/lib/client/list-page';
import { keysOf, listSearch, type ListFilters } from './keys';
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
 * The payments' keys, `[payments, ns, filters]`: the list by its filters; one payment `{ id }`,
 * and the parts of its page read with it (submission, tasks, transactions, exceptions) as
 * `{ id, part }`, so invalidating a payment refreshes them all, and invalidating `all` (the prefix
 * without the namespace) every payment in every namespace.
 */
const keys = keysOf('payments');
export const paymentKeys = {
  all: keys.all,
  detail: (ns: string | null, id: string) => keys.of(ns, { id }),
  part: (ns: string | null, id: string, part: 'submission' | 'tasks' | 'txns' | 'exc') =>
    keys.of(ns, { id, part }),
};

const path = (id: string) => `/payments/${encodeURIComponent(id)}`;

/** The list: its filters, order, cursor and limit as the gateway takes them. */
export const paymentListQuery = (ns: string | null, filters: ListFilters) =>
  queryOptions({
    queryKey: keys.of(ns, filters),
    queryFn: () => apiFetch<PaymentList>(`/payments?${listSearch(filters)}`, { partner: ns }),
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
