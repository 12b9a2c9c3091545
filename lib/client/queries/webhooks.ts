'use client';

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import type { ListPage } from '@/lib/client/list-page';
import { listSearch } from './keys';
import { resourceQueries } from './resource';

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

const path = (id: string) => `/webhook/${encodeURIComponent(id)}`;

/**
 * Webhooks, `[webhooks, ns, filters]`: the list (its cursor and limit), one endpoint (`{ id }`) and
 * its parts (`{ id, part }`: deliveries, one delivery, the inbox), so dropping an endpoint drops
 * them too. Invalidating `all` (the prefix without the namespace) refreshes every copy in every
 * namespace.
 */
export const webhookQueries = resourceQueries<Webhook, 'webhooks'>('webhooks', '/webhook');
export const webhookKeys = webhookQueries.keys;

/** The endpoint's page: the delivery worker changes its state by itself (failing, disabled after 5 days). */
export const webhookQuery = (ns: string | null, id: string) =>
  queryOptions({ ...webhookQueries.detail(ns, id), refetchInterval: 3000 });

/** What an inbox endpoint received, newest first: read every 2 s, so deliveries show as they arrive. */
export const inboxQuery = (
  ns: string | null,
  { id, ...page }: { id: string; cursor?: string; limit: number },
) =>
  queryOptions({
    queryKey: webhookKeys.of(ns, { id, part: 'inbox', ...page }),
    queryFn: () => apiFetch<ListInboxResponse>(`${path(id)}/inbox?${listSearch(page)}`, { partner: ns }),
    refetchInterval: 2000,
  });

export const deliveryQuery = (ns: string | null, id: string, deliveryId: string) =>
  queryOptions({
    queryKey: webhookKeys.of(ns, { id, part: 'delivery', delivery: deliveryId }),
    queryFn: () =>
      apiFetch<DeliveryDetail>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}`, { partner: ns }),
    // Its attempts continue while it is pending.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });

/** Sends again up to 1,000 failed deliveries of the endpoint created at or after `since` (Unix seconds). */
export const recoverStep = (ns: string | null, id: string, since: number) =>
  apiFetch<RecoveryStep>(`${path(id)}/recover`, {
    method: 'POST',
    body: { since },
    partner: ns,
  });

/** An endpoint's deliveries (`id`): by status, either order, a page at a time. */
export const deliveriesQuery = (
  ns: string | null,
  { id, ...q }: { id: string; status?: string; cursor?: string; order?: 'asc' | 'desc'; limit: number },
) =>
  queryOptions({
    queryKey: webhookKeys.of(ns, { id, part: 'deliveries', ...q }),
    queryFn: () =>
      apiFetch<ListPage & { deliveries: Delivery[] }>(`${path(id)}/deliveries?${listSearch(q)}`, {
        partner: ns,
      }),
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
      qc.removeQueries({ queryKey: webhookKeys.of(ns, { id }) });
      return qc.invalidateQueries({ queryKey: webhookKeys.namespace(ns) });
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
