import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import type { ListPage } from '@/lib/client/list-page';
import type { Amount } from '@/lib/schemas/payments';
import type { CreateReturnBody, Return } from '@/lib/schemas/returns';
import { paymentKeys } from './payments';
import { resourceQueries } from './resource';
import { taskKeys } from './tasks';

/** The wire type, declared once in lib/schemas (type only: no bundle cost). */
export type { Return };

export type ReturnList = ListPage & { count: number; returns: Return[] };

/** `GET /payments/{id}/returns`: an original payment's returns and how much of it went back. */
export interface PaymentReturns {
  payment_id: string;
  amount: Amount;
  returned_amount: string;
  returns: Return[];
}

/**
 * Returns, `[returns, ns, filters]`: the list (`GET /returns`, its filters, cursor and limit; the
 * last page stays while the next loads), one return by its rtn_ id (`{ id }`), and an original
 * payment's returns (`{ payment }`). Invalidating `all` refreshes every copy in every namespace.
 */
export const returnQueries = resourceQueries<Return, 'returns', ReturnList>('returns', '/returns', () => ({
  keepPrevious: true,
}));

/** One return, by its rtn_ id (the id of the return payment). */
export const returnQuery = returnQueries.detail;

/**
 * An original payment's returns. A request waits for the other side's decision, so while one is
 * open the answer is read again every few seconds, like an admission waiting for its tasks.
 */
export const paymentReturnsQuery = (ns: string | null, paymentId: string) =>
  queryOptions({
    queryKey: returnQueries.keys.of(ns, { payment: paymentId }),
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
    onSettled: () => qc.invalidateQueries({ queryKey: returnQueries.keys.all }),
  });
}
