import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { countText, type ListPage } from '@/lib/client/list-page';
import { useNamespace } from '@/lib/client/namespace';
import { keysOf, listSearch, type ListFilters } from './keys';

import type {
  BatchDetail,
  BatchStatus,
  BatchSummary,
  GetNetworkSettlementResponse,
  SettlementStatement,
  GetNetworkStatsResponse,
  CutoffPreviewResponse,
  InclusionProof,
  ListNetworkSettlementsResponse,
  ListSettlementTransactionsResponse,
  RunSettlementCutoffResponse,
} from '@/lib/schemas/settlements';

/** The wire types, declared once in lib/schemas (type only: no bundle cost). */
export type { BatchDetail, BatchStatus, BatchSummary, InclusionProof };
export type Position = BatchDetail['positions'][number];
export type BatchTransaction = ListSettlementTransactionsResponse['transactions'][number];
export type NetworkStats = GetNetworkStatsResponse;
export type NetworkBatch = ListNetworkSettlementsResponse['batches'][number];
export type CutoffResult = RunSettlementCutoffResponse;
export type CutoffPreview = CutoffPreviewResponse;
export type NetworkParticipant = GetNetworkSettlementResponse['participants'][number];

const batchPath = (id: string) => `/settlements/${encodeURIComponent(id)}`;

/**
 * Settlements' keys, `[settlements, ns, filters]`: the batch list by its filters, one batch
 * (`{ id }`; its transactions `{ id, part: 'transactions', … }` under it), the statement
 * (`{ part: 'statement', from, to }`). The operator's network-wide reads are `[network, ns, { of }]`
 * (the operator's screens have no namespace: null). Invalidating `all` or `network.all` (the
 * prefixes without the namespace) refreshes every copy in every namespace.
 */
const settlementKeys = keysOf('settlements');
export const networkKeys = keysOf('network');

/** `GET /settlements`: the list's filters and order as the gateway takes them, the cursor, the limit. */
export function batchesQuery(ns: string | null, filters: ListFilters) {
  return queryOptions({
    queryKey: settlementKeys.of(ns, filters),
    queryFn: () =>
      apiFetch<ListPage & { total: number; batches: BatchSummary[] }>(`/settlements?${listSearch(filters)}`, {
        partner: ns,
      }),
    placeholderData: keepPreviousData,
  });
}

export function batchQuery(ns: string | null, id: string) {
  return queryOptions({
    queryKey: settlementKeys.of(ns, { id }),
    queryFn: () => apiFetch<BatchDetail>(batchPath(id), { partner: ns }),
    // A settled batch never changes; a missing one stays missing.
    staleTime: Infinity,
    retry: false,
  });
}

/** A page of one batch's transactions (`id`, the batch; `cursor`, `limit`). */
export function batchTransactionsQuery(
  ns: string | null,
  { id, ...page }: { id: string; cursor?: string; limit: number },
) {
  return queryOptions({
    queryKey: settlementKeys.of(ns, { id, part: 'transactions', ...page }),
    queryFn: () =>
      apiFetch<ListPage & { total: number; transactions: BatchTransaction[] }>(
        `${batchPath(id)}/transactions?${listSearch(page)}`,
        { partner: ns },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Fetched on demand only (the "Verify inclusion" button), never cached: each check asks afresh. */
export const fetchProof = (ns: string | null, id: string) =>
  apiFetch<InclusionProof>(`${batchPath(id)}/proof`, { partner: ns });

/**
 * Every transaction of the batch for the CSV export, 100 a page (the API's maximum), by cursor: the
 * whole batch, however long (`total` stops counting at 10,000: `totalText` says "10,000+").
 */
export async function fetchAllBatchTransactions(
  ns: string | null,
  id: string,
  onProgress?: (done: number, totalText: string) => void,
): Promise<BatchTransaction[]> {
  const all: BatchTransaction[] = [];
  let cursor: string | null = null;
  for (;;) {
    const qs = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    const res: ListPage & { total: number; transactions: BatchTransaction[] } = await apiFetch(
      `${batchPath(id)}/transactions?${qs}`,
      { partner: ns },
    );
    all.push(...res.transactions);
    onProgress?.(all.length, countText(res));
    if (!res.has_more || !res.next_cursor) return all;
    cursor = res.next_cursor;
  }
}

export const networkStatsQuery = (ns: string | null) =>
  queryOptions({
    queryKey: networkKeys.of(ns, { of: 'stats' }),
    queryFn: () => apiFetch<NetworkStats>('/operator/stats', { partner: ns }),
  });

/**
 * What a cut-off now would batch (read when the operator asks for a cut-off; never cached). The
 * operator's alone, read where no namespace is selected: its key names none (null) and its call
 * sends none.
 */
export const cutoffPreviewQuery = (enabled = true) =>
  queryOptions({
    queryKey: networkKeys.of(null, { of: 'preview' }),
    queryFn: () => apiFetch<CutoffPreview>('/operator/settlements/preview', { partner: null }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

/** The newest batches the operator's home reads to list the last cut-off's (the page reads as many). */
export const LAST_CUTOFF_BATCHES = 20;

/** Operator: the network's batches, newest first (`cursor`, `limit`). */
export const networkBatchesQuery = (ns: string | null, page: { cursor?: string; limit: number }) =>
  queryOptions({
    queryKey: networkKeys.of(ns, { of: 'batches', ...page }),
    queryFn: () =>
      apiFetch<ListPage & { total: number; batches: NetworkBatch[] }>(
        `/operator/settlements?${listSearch(page)}`,
        { partner: ns },
      ),
    placeholderData: keepPreviousData,
  });

/** Operator: one batch across the network (`id`), with a page of its participants. */
export const networkBatchQuery = (
  ns: string | null,
  { id, ...page }: { id: string; cursor?: string; limit: number },
) =>
  queryOptions({
    queryKey: networkKeys.of(ns, { of: 'batch', id, ...page }),
    queryFn: () =>
      apiFetch<ListPage & { total: number; batch: NetworkBatch; participants: NetworkParticipant[] }>(
        `/operator/settlements/${encodeURIComponent(id)}?${listSearch(page)}`,
        { partner: ns },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Operator: run a cut-off now; the network figures and every batch list are stale afterwards. */
export function useRunCutoff() {
  const qc = useQueryClient();
  const ns = useNamespace();
  return useMutation({
    mutationFn: () => apiFetch<CutoffResult>('/settlements', { method: 'POST', partner: ns }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: networkKeys.all });
      qc.invalidateQueries({ queryKey: settlementKeys.all });
    },
  });
}

/** A namespace's statement for a period (`from`/`to` days); a cut-off refreshes it. */
export const statementQuery = (ns: string | null, period: { from: string; to: string }, enabled: boolean) =>
  queryOptions({
    queryKey: settlementKeys.of(ns, { part: 'statement', ...period }),
    queryFn: () =>
      apiFetch<SettlementStatement>(`/settlements/statement?${listSearch(period)}`, { partner: ns }),
    enabled,
  });
