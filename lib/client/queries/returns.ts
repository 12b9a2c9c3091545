import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import type { ListPage } from '@/lib/client/list-page';
import type { Amount } from '@/lib/schemas/payments';
import type { CreateReturnBody, Return } from '@/lib/schemas/returns';
import { paymentKeys } from './payments';
import { listSearch, type ListFilters } from './resource';
import { taskKeys } from './tasks';

/** The wire type, declared once in lib/schemas (type only: no bundle cost). */
export type { Return };

/** `GET /returns`'s filters as the gateway names them (created range in Unix seconds) and its page. */
/** `GET /returns`'s query: the list's filters as the gateway takes them (`RETURN_FILTERS`), the cursor, the limit. */
type ReturnFilters = ListFilters;

export type ReturnList = ListPage & { count: number; returns: Return[] };

/** `GET /payments/{id}/returns`: an original payment's returns and how much of it went back. */
export interface PaymentReturns {
  payment_id: string;
  amount: Amount;
  returned_amount: string;
  returns: Return[];
}

/**
 * Returns' keys, the namespace in each (`ns`): `all` → the namespace's `lists()` → `list(filters)`,
 * its `details()` → `detail(id)` (one return, by its rtn_ id), and an original payment's returns
 * (`ofPayment`). Invalidating `all` (the prefix without the namespace) refreshes every copy in
 * every namespace.
 */
const returnKeys = {
  all: ['returns'] as const,
  namespace: (ns: string | null) => [...returnKeys.all, ns] as const,
  lists: (ns: string | null) => [...returnKeys.namespace(ns), 'list'] as const,
  list: (ns: string | null, f: ReturnFilters) => [...returnKeys.lists(ns), f] as const,
  details: (ns: string | null) => [...returnKeys.namespace(ns), 'detail'] as const,
  detail: (ns: string | null, id: string) => [...returnKeys.details(ns), id] as const,
  ofPayment: (ns: string | null, paymentId: string) =>
    [...returnKeys.namespace(ns), 'payment', paymentId] as const,
};

export const returnListQuery = (ns: string | null, f: ReturnFilters) =>
  queryOptions({
    queryKey: returnKeys.list(ns, f),
    queryFn: () => apiFetch<ReturnList>(`/returns?${listSearch({ ...f })}`, { partner: ns }),
    placeholderData: keepPreviousData,
  });

export const returnQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: returnKeys.detail(ns, id),
    queryFn: () => apiFetch<Return>(`/returns/${encodeURIComponent(id)}`, { partner: ns }),
  });

/**
 * An original payment's returns. A request waits for the other side's decision, so while one is
 * open the answer is read again every few seconds, like an admission waiting for its tasks.
 */
export const paymentReturnsQuery = (ns: string | null, paymentId: string) =>
  queryOptions({
    queryKey: returnKeys.ofPayment(ns, paymentId),
    queryFn: () =>
      apiFetch<PaymentReturns>(`/payments/${encodeURIComponent(paymentId)}/returns`, { partner: ns }),
    refetchInterval: (q) => (q.state.data?.returns.some((r) => r.status === 'requested') ? 3000 : false),
  });

/**
 * Asks for a payment back (the debtor's side) or gives it back (the beneficiary's): `POST
 * /payments/{id}/returns`. The returns, the payments (a return is one) and the queue are read again.
 */
export function useCreateReturn() {
  const qc = useQueryClient();
  const ns = useNamespace();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: CreateReturnBody }) =>
      apiFetch<Return>(`/payments/${encodeURIComponent(paymentId)}/returns`, {
        method: 'POST',
        body,
        partner: ns,
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: paymentKeys.all }),
        qc.invalidateQueries({ queryKey: taskKeys.all }),
      ]),
    // A refusal ("at most … remain") often means someone else asked meanwhile: what remains is
    // read again either way.
    onSettled: () => qc.invalidateQueries({ queryKey: returnKeys.all }),
  });
}
