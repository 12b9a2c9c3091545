'use client';

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';

import type { PaymentStatusName } from '@/lib/domain/statuses';
import type { Overview } from '@/lib/schemas/overview';

/** The answer of `GET /overview`: the wire type, declared once in lib/schemas (type only). */
export type { Overview, PaymentStatusName };

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
