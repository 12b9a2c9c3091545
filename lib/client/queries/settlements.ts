import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { countText, type ListPage } from '@/lib/client/list-page';

import type {
  BatchDetail,
  BatchStatus,
  BatchSummary,
  GetNetworkSettlementResponse,
  SettlementStatement,
  GetNetworkStatsResponse,
  InclusionProof,
  ListNetworkSettlementsResponse,
  ListSettlementTransactionsResponse,
  RunSettlementCutoffResponse,
} from '@/lib/schemas/settlements';

/** The wire types, declared once in lib/schemas (type only: no bundle cost). */
export type { BatchDetail, BatchStatus, BatchSummary, InclusionProof };
export type Position = BatchDetail['positions'][number];
export type BatchTransaction = ListSettlementTransactionsResponse['transactions'][number];
export type TransactionLine = BatchTransaction['transaction_lines'][number];
export type NetworkStats = GetNetworkStatsResponse;
export type NetworkBatch = ListNetworkSettlementsResponse['batches'][number];
export type CutoffResult = RunSettlementCutoffResponse;
export type NetworkParticipant = GetNetworkSettlementResponse['participants'][number];

export interface BatchFilters {
  status?: string;
  cutoff_from?: string;
  cutoff_to?: string;
  cursor?: string;
  /** The direction (newest cut-off first when absent). */
  order?: 'asc' | 'desc';
  limit: number;
}

const batchPath = (id: string) => `/settlements/${encodeURIComponent(id)}`;

export const settlementKeys = {
  all: ['settlements'] as const,
  list: (f: BatchFilters) => ['settlements', 'list', f] as const,
  detail: (id: string) => ['settlements', 'detail', id] as const,
  transactions: (id: string, cursor: string | undefined, limit: number) =>
    ['settlements', 'detail', id, 'transactions', { cursor, limit }] as const,
  statement: (query: string) => ['settlements', 'statement', query] as const,
  network: ['operator', 'network'] as const,
};

export function batchesQuery(f: BatchFilters) {
  const qs = new URLSearchParams({ limit: String(f.limit) });
  for (const k of ['status', 'cutoff_from', 'cutoff_to', 'cursor', 'order'] as const)
    if (f[k]) qs.set(k, f[k]!);
  return queryOptions({
    queryKey: settlementKeys.list(f),
    queryFn: () => apiFetch<ListPage & { total: number; batches: BatchSummary[] }>(`/settlements?${qs}`),
    placeholderData: keepPreviousData,
  });
}

export function batchQuery(id: string) {
  return queryOptions({
    queryKey: settlementKeys.detail(id),
    queryFn: () => apiFetch<BatchDetail>(batchPath(id)),
    // A settled batch never changes; a missing one stays missing.
    staleTime: Infinity,
    retry: false,
  });
}

export function batchTransactionsQuery(id: string, cursor: string | undefined, limit: number) {
  const qs = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return queryOptions({
    queryKey: settlementKeys.transactions(id, cursor, limit),
    queryFn: () =>
      apiFetch<ListPage & { total: number; transactions: BatchTransaction[] }>(
        `${batchPath(id)}/transactions?${qs}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Fetched on demand only (the "Verify inclusion" button), never cached: each check asks afresh. */
export const fetchProof = (id: string) => apiFetch<InclusionProof>(`${batchPath(id)}/proof`);

/**
 * Every transaction of the batch for the CSV export, 100 a page (the API's maximum), by cursor: the
 * whole batch, however long (`total` stops counting at 10,000: `totalText` says "10,000+").
 */
export async function fetchAllBatchTransactions(
  id: string,
  onProgress?: (done: number, totalText: string) => void,
): Promise<BatchTransaction[]> {
  const all: BatchTransaction[] = [];
  let cursor: string | null = null;
  for (;;) {
    const qs = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    const res: ListPage & { total: number; transactions: BatchTransaction[] } = await apiFetch(
      `${batchPath(id)}/transactions?${qs}`,
    );
    all.push(...res.transactions);
    onProgress?.(all.length, countText(res));
    if (!res.has_more || !res.next_cursor) return all;
    cursor = res.next_cursor;
  }
}

export const networkStatsQuery = () =>
  queryOptions({
    queryKey: [...settlementKeys.network, 'stats'],
    queryFn: () => apiFetch<NetworkStats>('/operator/stats'),
  });

export const networkBatchesQuery = (cursor: string | undefined, limit: number) =>
  queryOptions({
    queryKey: [...settlementKeys.network, 'batches', { cursor, limit }],
    queryFn: () =>
      apiFetch<ListPage & { total: number; batches: NetworkBatch[] }>(
        `/operator/settlements?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Operator: one batch across the network, with a page of its participants. */
export const networkBatchQuery = (id: string, cursor: string | undefined, limit: number) =>
  queryOptions({
    queryKey: [...settlementKeys.network, 'batch', id, { cursor, limit }],
    queryFn: () =>
      apiFetch<ListPage & { total: number; batch: NetworkBatch; participants: NetworkParticipant[] }>(
        `/operator/settlements/${encodeURIComponent(id)}?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Operator: run a cut-off now; the network figures and every batch list are stale afterwards. */
export function useRunCutoff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CutoffResult>('/settlements', { method: 'POST' }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: settlementKeys.network });
      qc.invalidateQueries({ queryKey: settlementKeys.all });
    },
  });
}

/** A namespace's statement for a period (`from`/`to` days in the query); a cut-off refreshes it. */
export const statementQuery = (query: string, enabled: boolean) =>
  queryOptions({
    queryKey: settlementKeys.statement(query),
    queryFn: () => apiFetch<SettlementStatement>(`/settlements/statement?${query}`),
    enabled,
  });
