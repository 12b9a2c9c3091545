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
import { listSearch } from './resource';

/** The wire types, declared once in lib/schemas (type only: no bundle cost). */
export type { LiquidityEntry, LiquidityIntraday, LiquidityPosition, NetworkLiquidityPosition, QueuedPayment };

/** A ledger's filters (the participant's own, or one participant's for the operator) and its page. */
export interface EntryFilters {
  currency?: string;
  cursor?: string;
  limit: number;
}

/** The operator desk's filters and page. */
export interface NetworkFilters {
  currency?: string;
  cursor?: string;
  limit: number;
}

/**
 * Liquidity's keys. A namespace's reads carry the namespace in the key itself (`ns`), so one
 * namespace's copies can be refreshed alone and no key is shared across namespaces; the operator's
 * reads live under `network` → `networkOf(ns)` (the operator's screens have no namespace: null).
 * Invalidating `all` (the prefix without the namespace) refreshes every copy in every namespace.
 */
export const liquidityKeys = {
  all: ['liquidity'] as const,
  namespace: (ns: string | null) => [...liquidityKeys.all, 'namespace', ns] as const,
  positions: (ns: string | null) => [...liquidityKeys.namespace(ns), 'positions'] as const,
  entries: (ns: string | null, f: EntryFilters) => [...liquidityKeys.namespace(ns), 'entries', f] as const,
  queue: (ns: string | null, cursor: string | undefined, limit: number) =>
    [...liquidityKeys.namespace(ns), 'queue', { cursor, limit }] as const,
  intraday: (ns: string | null, currency: string) =>
    [...liquidityKeys.namespace(ns), 'intraday', currency] as const,
  network: ['liquidity', 'network'] as const,
  networkOf: (ns: string | null) => [...liquidityKeys.network, ns] as const,
  networkList: (ns: string | null, f: NetworkFilters) => [...liquidityKeys.networkOf(ns), 'list', f] as const,
  participantEntries: (ns: string | null, partnerId: string, f: EntryFilters) =>
    [...liquidityKeys.networkOf(ns), 'entries', partnerId, f] as const,
};

export type EntryList = ListPage & { count: number; entries: LiquidityEntry[] };
export type QueueList = ListPage & { count: number; queue: QueuedPayment[] };
export type NetworkList = ListPage & { count: number; positions: NetworkLiquidityPosition[] };

/**
 * The namespace's balance, cap and position per currency. Read by the shell's banner on every
 * page: kept a minute, read again when the window regains focus and every 60 s while open.
 */
/** `GET /liquidity`: the namespace's position in each currency, and what it does past its cap. */
export type PositionList = { on_cap: 'reject' | 'queue'; positions: LiquidityPosition[] };

export const positionsQuery = (ns: string | null) =>
  queryOptions({
    queryKey: liquidityKeys.positions(ns),
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
    queryKey: liquidityKeys.entries(ns, f),
    queryFn: () => apiFetch<EntryList>(`/liquidity/entries?${listSearch({ ...f })}`, { partner: ns }),
    placeholderData: keepPreviousData,
    enabled: ns !== null,
  });

export const queueQuery = (ns: string | null, cursor: string | undefined, limit: number) =>
  queryOptions({
    queryKey: liquidityKeys.queue(ns, cursor, limit),
    queryFn: () => apiFetch<QueueList>(`/liquidity/queue?${listSearch({ cursor, limit })}`, { partner: ns }),
    placeholderData: keepPreviousData,
    enabled: ns !== null,
    // The network admits queued payments by itself (a cut-off, funds in, a higher cap).
    refetchInterval: 5_000,
  });

export const intradayQuery = (ns: string | null, currency: string) =>
  queryOptions({
    queryKey: liquidityKeys.intraday(ns, currency),
    queryFn: () =>
      apiFetch<LiquidityIntraday>(`/liquidity/intraday?${listSearch({ currency })}`, { partner: ns }),
    enabled: ns !== null && currency !== '',
    // Its last step moves with the position (the screen reads it again then) and every 5 minutes.
    refetchInterval: 60_000,
  });

/** Operator: every participant and currency, highest utilisation first. */
export const networkLiquidityQuery = (ns: string | null, f: NetworkFilters) =>
  queryOptions({
    queryKey: liquidityKeys.networkList(ns, f),
    queryFn: () => apiFetch<NetworkList>(`/operator/liquidity?${listSearch({ ...f })}`, { partner: ns }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

/** Operator: one participant's ledger. */
export const participantEntriesQuery = (ns: string | null, partnerId: string, f: EntryFilters) =>
  queryOptions({
    queryKey: liquidityKeys.participantEntries(ns, partnerId, f),
    queryFn: () =>
      apiFetch<EntryList>(
        `/operator/liquidity/${encodeURIComponent(partnerId)}/entries?${listSearch({ ...f })}`,
        { partner: ns },
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
