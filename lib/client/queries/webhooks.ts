'use client';

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import type { ListPage } from '@/lib/client/list-page';

import type {
  CreateWebhookBody,
  Delivery,
  DeliveryDetail,
  InboxMessage,
  ListInboxResponse,
  RecoverDeliveriesResponse,
  Webhook,
  WebhookWithSecret,
} from '@/lib/schemas/webhooks';
import type { EventType } from '@/lib/events/types';

/** The wire types, declared once in lib/schemas (type only: no bundle cost). */
export type { Delivery, DeliveryDetail, InboxMessage, Webhook, WebhookWithSecret };
export type DeliveryStatus = Delivery['status'];
/** One call of the recovery: what it sent again and what is left. */
export type RecoveryStep = RecoverDeliveriesResponse;
/** What the webhook form sends (create; update sends the same fields). */
export type WebhookInput = Required<Pick<CreateWebhookBody, 'url' | 'description' | 'event_types'>>;

/**
 * Webhooks' keys, the namespace in each: `all` → `namespace(ns)` → the list, one webhook, its
 * deliveries, one delivery, an inbox. Invalidating `all` (the prefix without the namespace)
 * refreshes every copy in every namespace.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  namespace: (ns: string | null) => [...webhookKeys.all, ns] as const,
  lists: (ns: string | null) => [...webhookKeys.namespace(ns), 'list'] as const,
  list: (ns: string | null, cursor: string | undefined, limit: number) =>
    [...webhookKeys.lists(ns), { cursor, limit }] as const,
  detail: (ns: string | null, id: string) => [...webhookKeys.namespace(ns), 'detail', id] as const,
  deliveries: (
    ns: string | null,
    id: string,
    q: { status?: string; cursor?: string; order?: 'asc' | 'desc'; limit: number },
  ) => [...webhookKeys.namespace(ns), 'deliveries', id, q] as const,
  delivery: (ns: string | null, id: string, deliveryId: string) =>
    [...webhookKeys.namespace(ns), 'delivery', id, deliveryId] as const,
  inbox: (ns: string | null, id: string, cursor: string | undefined) =>
    [...webhookKeys.namespace(ns), 'inbox', id, { cursor }] as const,
};

/** What an inbox endpoint received, newest first: read every 2 s, so deliveries show as they arrive. */
export const inboxQuery = (ns: string | null, id: string, cursor: string | undefined, limit = 20) =>
  queryOptions({
    queryKey: webhookKeys.inbox(ns, id, cursor),
    queryFn: () =>
      apiFetch<ListInboxResponse>(
        `/webhook/${encodeURIComponent(id)}/inbox?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
        { partner: ns },
      ),
    refetchInterval: 2000,
  });

export const deliveryQuery = (ns: string | null, id: string, deliveryId: string) =>
  queryOptions({
    queryKey: webhookKeys.delivery(ns, id, deliveryId),
    queryFn: () =>
      apiFetch<DeliveryDetail>(
        `/webhook/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}`,
        { partner: ns },
      ),
    // Its attempts continue while it is pending.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });

/** Sends again up to 1,000 failed deliveries of the endpoint created at or after `since` (Unix seconds). */
export const recoverStep = (ns: string | null, id: string, since: number) =>
  apiFetch<RecoveryStep>(`/webhook/${encodeURIComponent(id)}/recover`, {
    method: 'POST',
    body: { since },
    partner: ns,
  });

export const webhookListQuery = (ns: string | null, cursor: string | undefined, limit: number) =>
  queryOptions({
    queryKey: webhookKeys.list(ns, cursor, limit),
    queryFn: () =>
      apiFetch<ListPage & { webhooks: Webhook[] }>(
        `/webhook?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
        { partner: ns },
      ),
  });

export const webhookQuery = (ns: string | null, id: string) =>
  queryOptions({
    queryKey: webhookKeys.detail(ns, id),
    queryFn: () => apiFetch<Webhook>(`/webhook/${encodeURIComponent(id)}`, { partner: ns }),
    // The delivery worker changes the state by itself (failing, disabled after 5 days).
    refetchInterval: 3000,
  });

export const deliveriesQuery = (
  ns: string | null,
  id: string,
  q: { status?: string; cursor?: string; order?: 'asc' | 'desc'; limit: number },
) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(ns, id, q),
    queryFn: () => {
      const qs = new URLSearchParams({
        limit: String(q.limit),
        ...(q.status ? { status: q.status } : {}),
        ...(q.cursor ? { cursor: q.cursor } : {}),
        ...(q.order ? { order: q.order } : {}),
      });
      return apiFetch<ListPage & { deliveries: Delivery[] }>(
        `/webhook/${encodeURIComponent(id)}/deliveries?${qs}`,
        { partner: ns },
      );
    },
    // Deliveries change by themselves (the worker attempts, retries): keep the log live.
    refetchInterval: 3000,
  });

/**
 * Every webhook mutation refreshes every webhook query: lists, details and logs. The call is made
 * in the selected namespace (`useNamespace()`), given to `fn` with the variables.
 */
function useWebhookMutation<TVars, TData>(fn: (vars: TVars, ns: string | null) => Promise<TData>) {
  const qc = useQueryClient();
  const ns = useNamespace();
  return useMutation({
    mutationFn: (vars: TVars) => fn(vars, ns),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

const path = (id: string) => `/webhook/${encodeURIComponent(id)}`;

export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookInput, ns) =>
    apiFetch<WebhookWithSecret>('/webhook', { method: 'POST', body: input, partner: ns }),
  );
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: Partial<WebhookInput> & { id: string; enabled?: boolean }, ns) =>
    apiFetch<Webhook>(path(id), { method: 'PATCH', body, partner: ns }),
  );
/** After a delete the detail would only answer 404: drop it rather than refetch it. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  const ns = useNamespace();
  return useMutation({
    mutationFn: (id: string) => apiFetch<object>(path(id), { method: 'DELETE', partner: ns }),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: webhookKeys.detail(ns, id) });
      return qc.invalidateQueries({ queryKey: webhookKeys.lists(ns) });
    },
  });
}
export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string, ns) =>
    apiFetch<WebhookWithSecret>(`${path(id)}/rotate-secret`, { method: 'POST', partner: ns }),
  );
export const useCreateInbox = () =>
  useWebhookMutation((description: string, ns) =>
    apiFetch<WebhookWithSecret>('/webhook', {
      method: 'POST',
      body: { kind: 'inbox', event_types: ['*'], description },
      partner: ns,
    }),
  );
/** A test event: `webhook.test`, or an example event of the type chosen. */
export const useSendTestEvent = () =>
  useWebhookMutation(({ id, type }: { id: string; type: EventType }, ns) =>
    apiFetch<{ event_id: string; event_type: string }>(`${path(id)}/test`, {
      method: 'POST',
      body: { event_type: type },
      partner: ns,
    }),
  );
export const useRetryDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }, ns) =>
    apiFetch<{ token: string; status: 'pending' }>(
      `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
      { method: 'POST', partner: ns },
    ),
  );
