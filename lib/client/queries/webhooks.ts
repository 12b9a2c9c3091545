'use client';

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import type { ListPage } from '@/lib/client/list-page';

import type {
  CreateWebhookBody,
  Delivery,
  DeliveryDetail,
  RecoverDeliveriesResponse,
  Webhook,
} from '@/lib/schemas/webhooks';

/** The wire types, declared once in lib/schemas (type only: no bundle cost). */
export type { Delivery, DeliveryDetail, Webhook };
export type DeliveryStatus = Delivery['status'];
/** One call of the recovery: what it sent again and what is left. */
export type RecoveryStep = RecoverDeliveriesResponse;
/** What the webhook form sends (create; update sends the same fields). */
export type WebhookInput = Required<Pick<CreateWebhookBody, 'url' | 'description' | 'event_types'>>;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (cursor: string | undefined, limit: number) =>
    [...webhookKeys.all, 'list', { cursor, limit }] as const,
  detail: (id: string) => [...webhookKeys.all, 'detail', id] as const,
  deliveries: (id: string, q: { status?: string; cursor?: string; order?: 'asc' | 'desc'; limit: number }) =>
    [...webhookKeys.all, 'deliveries', id, q] as const,
  delivery: (id: string, deliveryId: string) => [...webhookKeys.all, 'delivery', id, deliveryId] as const,
};

export const deliveryQuery = (id: string, deliveryId: string) =>
  queryOptions({
    queryKey: webhookKeys.delivery(id, deliveryId),
    queryFn: () =>
      apiFetch<DeliveryDetail>(
        `/webhook/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}`,
      ),
    // Its attempts continue while it is pending.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });

/** Sends again up to 1,000 failed deliveries of the endpoint created at or after `since` (Unix seconds). */
export const recoverStep = (id: string, since: number) =>
  apiFetch<RecoveryStep>(`/webhook/${encodeURIComponent(id)}/recover`, { method: 'POST', body: { since } });

export const webhookListQuery = (cursor: string | undefined, limit: number) =>
  queryOptions({
    queryKey: webhookKeys.list(cursor, limit),
    queryFn: () =>
      apiFetch<ListPage & { webhooks: Webhook[] }>(
        `/webhook?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
      ),
  });

export const webhookQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: () => apiFetch<Webhook>(`/webhook/${encodeURIComponent(id)}`),
    // The delivery worker changes the state by itself (failing, disabled after 5 days).
    refetchInterval: 3000,
  });

export const deliveriesQuery = (
  id: string,
  q: { status?: string; cursor?: string; order?: 'asc' | 'desc'; limit: number },
) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id, q),
    queryFn: () => {
      const qs = new URLSearchParams({
        limit: String(q.limit),
        ...(q.status ? { status: q.status } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
        ...(q.order ? { order: q.order } : {}),
      });
      return apiFetch<ListPage & { deliveries: Delivery[] }>(
        `/webhook/${encodeURIComponent(id)}/deliveries?${qs}`,
      );
    },
    // Deliveries change by themselves (the worker attempts, retries): keep the log live.
    refetchInterval: 3000,
  });

/** Every webhook mutation refreshes every webhook query: lists, details and logs. */
function useWebhookMutation<TVars, TData>(fn: (vars: TVars) => Promise<TData>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

const path = (id: string) => `/webhook/${encodeURIComponent(id)}`;

export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookInput) => apiFetch<Webhook>('/webhook', { method: 'POST', body: input }));
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: Partial<WebhookInput> & { id: string; enabled?: boolean }) =>
    apiFetch<Webhook>(path(id), { method: 'PATCH', body }),
  );
/** After a delete the detail would only answer 404: drop it rather than refetch it. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<object>(path(id), { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: webhookKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: [...webhookKeys.all, 'list'] });
    },
  });
}
export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) => apiFetch<Webhook>(`${path(id)}/rotate-secret`, { method: 'POST' }));
export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => apiFetch<{ event_id: string }>(`${path(id)}/test`, { method: 'POST' }));
export const useRetryDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    apiFetch<{ token: string; status: 'pending' }>(
      `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
      {
        method: 'POST',
      },
    ),
  );
