import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { countText, type ListPage } from '@/lib/client/list-page';

export type BatchStatus = 'PROCESSING' | 'COMPLETED' | 'FAILED';

export interface BatchSummary {
  token: string;
  cutoff_time: number;
  started_on: number;
  completed_on: number | null;
  status: BatchStatus;
  txn_count: number;
  currency: string;
}

export interface Position {
  counterparty_id: string;
  currency: string;
  position_type: 'Credit' | 'Debit';
  net_amount: string;
}

export interface BatchDetail {
  summary: BatchSummary;
  merkle_root: { root_hash: string; version: string; leaves_count: number; created_at: string } | null;
  merkle_leaf: {
    partner_id: string;
    kind: 'creditor' | 'debtor';
    amount: string;
    leaf_hash: string;
    leaf_index: number;
  } | null;
  positions: Position[];
}

export interface InclusionProof {
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  root_hash: string;
  audit_path: string[];
}

export interface TransactionLine {
  token: string;
  partner_id: string;
  direction: 'TD_Credit' | 'TD_Debit';
  amount: { currency: string; total: string };
}

export interface BatchTransaction {
  transaction_id: string;
  payment_id: string;
  approval_code: string;
  status: number;
  batch_id: string | null;
  created_on: string;
  updated_on: string;
  transaction_lines: TransactionLine[];
}

export interface NetworkStats {
  organizations: { sandbox: number; verified: number; rejected: number };
  namespaces: number;
  payments: number;
  submissions_open: number;
  submissions_rejected: number;
  transactions_awaiting_settlement: number;
  transactions_settled: number;
  batches: number;
}

export interface NetworkBatch extends BatchSummary {
  root_hash: string | null;
  leaves_count: number | null;
  failure_reason: string | null;
}

export interface CutoffResult {
  ran: boolean;
  batches: Array<{ id: string; currency: string; status: 'COMPLETED' | 'FAILED'; txnCount: number }>;
}

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

export interface NetworkParticipant {
  partner_id: string;
  domain: string | null;
  name: string | null;
  kind: 'creditor' | 'debtor';
  amount: string;
  txn_count: number;
  leaf_index: number;
}

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
