'use client';

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';

import type { PaymentStatusName } from '@/lib/domain/statuses';
import type { Overview } from '@/lib/schemas/overview';
import { keysOf } from './keys';

/** The answer of `GET /overview`: the wire type, declared once in lib/schemas (type only). */
export type { Overview, PaymentStatusName };

/** The overview's keys: `[overview, ns, { days }]`. */
const overviewKeys = keysOf('overview');

export const overviewQuery = (ns: string | null, days: number) =>
  queryOptions({
    queryKey: overviewKeys.of(ns, { days }),
    queryFn: () => apiFetch<Overview>(`/overview?days=${days}`, { partner: ns }),
    enabled: ns !== null,
    // The checklist ticks itself from activity elsewhere (an API call, another tab): fresh
    // figures on every visit, and every 15 s while the page is open.
    refetchOnMount: 'always',
    refetchInterval: 15_000,
  });
