'use client';

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';

import type { PaymentStatusName } from '@/lib/domain/statuses';
import type { Overview } from '@/lib/schemas/overview';

/** The answer of `GET /overview`: the wire type, declared once in lib/schemas (type only). */
export type { Overview, PaymentStatusName };

/** The overview's keys, the namespace in each: `all` → `detail(ns, days)`. */
const overviewKeys = {
  all: ['overview'] as const,
  detail: (ns: string | null, days: number) => [...overviewKeys.all, ns, days] as const,
};

export const overviewQuery = (ns: string | null, days: number) =>
  queryOptions({
    queryKey: overviewKeys.detail(ns, days),
    queryFn: () => apiFetch<Overview>(`/overview?days=${days}`, { partner: ns }),
    enabled: ns !== null,
    // The checklist ticks itself from activity elsewhere (an API call, another tab): fresh
    // figures on every visit, and every 15 s while the page is open.
    refetchOnMount: 'always',
    refetchInterval: 15_000,
  });
