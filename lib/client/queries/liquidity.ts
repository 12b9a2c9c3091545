import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { ListPage } from '@/lib/client/list-page';
import { useNamespace } from '@/lib/client/namespace';
import type {
  LiquidityEntry,
  LiquidityIntraday,
  LiquidityPosition,
  NetworkLiquidityPosition,
  QueuedPayment,
  RecordFundsBody,
  SetLiquidityLimitsBody,
} from '@/lib/schemas/liquidity';
import { keysOf, listSearch, type ListFilters } from './keys';

/** The wire types, declared once in lib/schemas (type only: no bundle cost). */
export type { LiquidityEntry, LiquidityIntraday, LiquidityPosition, NetworkLiquidityPosition, QueuedPayment };

/** A ledger's filters (the participant's own, or one participant's for the operator) and its page. */
export interface EntryFilters {
  currency?: string;
  cursor?: string;
  limit: number;
}

/**
 * Liquidity's keys, `[liquidity, ns, { of, … }]`: a namespace's positions, ledger (`entries`),
 * queue and intraday chart; the operator's desk (`network`) and a participant's ledger
 * (`participant`), read where no namespace is selected (null). Invalidating `all` (the prefix
 * without the namespace) refreshes every copy in every namespace; `{ of: 'entries' }` every page
 * of a ledger.
 */
export const liquidityKeys = keysOf('liquidity');

export type EntryList = ListPage & { count: number; entries: LiquidityEntry[] };
export type QueueList = ListPage & { count: number; queue: QueuedPayment[] };
export type NetworkList = ListPage & { count: number; positions: NetworkLiquidityPosition[] };

/** `GET /liquidity`: the namespace's position in each currency, and what it does past its cap. */
export type PositionList = { on_cap: 'reject' | 'queue'; positions: LiquidityPosition[] };

/**
 * The namespace's balance, cap and position per currency. Read by the shell's banner on every
 * page: kept a minute, read again when the window regains focus and every 60 s while open.
 */
export const positionsQuery = (ns: string | null) =>
  queryOptions({
    queryKey: liquidityKeys.of(ns, { of: 'positions' }),
    queryFn: () => apiFetch<PositionList>('/liquidity', { partner: ns }),
    enabled: ns !== null,
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

/** The liquidity screen reads the same answer more often: payments move it within seconds. */
export const livePositionsQuery = (ns: string | null) =>
  queryOptions({ ...positionsQuery(ns), staleTime: 0, refetchInterval: 5_000 });

export const entriesQuery = (ns: string | null, f: EntryFilters) =>
  queryOptions({
    queryKey: liquidityKeys.of(ns, { of: 'entries', ...f }),
    queryFn: () => apiFetch<EntryList>(`/liquidity/entries?${listSearch({ ...f })}`, { partner: ns }),
    placeholderData: keepPreviousData,
    enabled: ns !== null,
  });

export const queueQuery = (ns: string | null, page: { cursor?: string; limit: number }) =>
  queryOptions({
    queryKey: liquidityKeys.of(ns, { of: 'queue', ...page }),
    queryFn: () => apiFetch<QueueList>(`/liquidity/queue?${listSearch(page)}`, { partner: ns }),
    placeholderData: keepPreviousData,
    enabled: ns !== null,
    // The network admits queued payments by itself (a cut-off, funds in, a higher cap).
    refetchInterval: 5_000,
  });

export const intradayQuery = (ns: string | null, currency: string) =>
  queryOptions({
    queryKey: liquidityKeys.of(ns, { of: 'intraday', currency }),
    queryFn: () =>
      apiFetch<LiquidityIntraday>(`/liquidity/intraday?${listSearch({ currency })}`, { partner: ns }),
    enabled: ns !== null && currency !== '',
    // Its last step moves with the position (the screen reads it again then) and every 5 minutes.
    refetchInterval: 60_000,
  });

/** Operator: every participant and currency, highest utilisation first (`currency`, `cursor`, `limit`). */
export const networkLiquidityQuery = (ns: string | null, f: ListFilters) =>
  queryOptions({
    queryKey: liquidityKeys.of(ns, { of: 'network', ...f }),
    queryFn: () => apiFetch<NetworkList>(`/operator/liquidity?${listSearch({ ...f })}`, { partner: ns }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

/** Operator: one participant's ledger (`partner`, its namespace). */
export const participantEntriesQuery = (
  ns: string | null,
  { partner, ...f }: EntryFilters & { partner: string },
) =>
  queryOptions({
    queryKey: liquidityKeys.of(ns, { of: 'participant', partner, ...f }),
    queryFn: () =>
      apiFetch<EntryList>(
        `/operator/liquidity/${encodeURIComponent(partner)}/entries?${listSearch({ ...f })}`,
        {
          partner: ns,
        },
      ),
    placeholderData: keepPreviousData,
  });

/** What the operator's changes answer: the participant's position after it, and the entry made. */
export interface LiquidityChange {
  position: LiquidityPosition;
  entry: LiquidityEntry | null;
}

const positionPath = (partnerId: string, currency: string) =>
  `/operator/liquidity/${encodeURIComponent(partnerId)}/${encodeURIComponent(currency)}`;

/** Every liquidity read is stale after an operator's change (the desk, a history, a participant's screen). */
function useInvalidateLiquidity() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: liquidityKeys.all });
}

/** Operator: a participant's net debit cap, unsecured credit and thresholds (`PUT`). */
export function useSetLiquidityLimits() {
  const onSuccess = useInvalidateLiquidity();
  const ns = useNamespace();
  return useMutation({
    mutationFn: (v: { partnerId: string; currency: string; body: SetLiquidityLimitsBody }) =>
      apiFetch<LiquidityChange>(positionPath(v.partnerId, v.currency), {
        method: 'PUT',
        body: v.body,
        partner: ns,
      }),
    onSuccess,
  });
}

/** Operator: funds placed with the settlement agent or paid out (a ledger entry). */
export function useRecordFunds() {
  const onSuccess = useInvalidateLiquidity();
  const ns = useNamespace();
  return useMutation({
    mutationFn: (v: { partnerId: string; currency: string; body: RecordFundsBody }) =>
      apiFetch<LiquidityChange>(`${positionPath(v.partnerId, v.currency)}/funds`, {
        method: 'POST',
        body: v.body,
        partner: ns,
      }),
    onSuccess,
  });
}
