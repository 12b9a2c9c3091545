'use client';

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';

export type PaymentStatusName =
  'unsubmitted' | 'pending' | 'on_hold' | 'admitted' | 'rejected' | 'expired' | 'settled';

/** The answer of `GET /overview` (lib/gateway/routes/overview.ts). */
export interface Overview {
  partner_id: string;
  window: { days: number; from: number; to: number };
  payments_today: { count: number; by_currency: Array<{ currency: string; count: number; total: string }> };
  decisions: { admitted: number; rejected: number; expired: number; open: number };
  tasks_waiting: { pending: number; on_hold: number };
  awaiting_settlement: Array<{
    currency: string;
    count: number;
    incoming: string;
    outgoing: string;
    net: string;
  }>;
  last_batch_positions: Array<{
    batch_id: string;
    currency: string;
    cutoff_time: number;
    kind: 'creditor' | 'debtor';
    amount: string;
    txn_count: number;
  }>;
  daily_volume: Array<{
    date: string;
    status: PaymentStatusName;
    currency: string;
    count: number;
    total: string;
  }>;
  exceptions: Array<{ exception_code: string; blame: string; count: number }>;
  getting_started: { api_key: boolean; sandbox_payment: boolean; webhook: boolean };
}

export const overviewKeys = {
  all: ['overview'] as const,
  detail: (partnerId: string | null, days: number) => [...overviewKeys.all, partnerId, days] as const,
};

export const overviewQuery = (partnerId: string | null, days: number) =>
  queryOptions({
    queryKey: overviewKeys.detail(partnerId, days),
    queryFn: () => apiFetch<Overview>(`/overview?days=${days}`),
    enabled: partnerId !== null,
    // The checklist ticks itself from activity elsewhere (an API call, another tab): fresh
    // figures on every visit, and every 15 s while the page is open.
    refetchOnMount: 'always',
    refetchInterval: 15_000,
  });
