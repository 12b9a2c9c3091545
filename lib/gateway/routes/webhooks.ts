import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject } from '@/lib/schemas/common';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from '@/lib/services/webhooks/endpoints';
import {
  exportDeliveries,
  findDelivery,
  getDelivery,
  listDeliveries,
  recoverDeliveries,
  retryDelivery,
} from '@/lib/services/webhooks/deliveries';
import { listInboxMessages, sendTestEvent } from '@/lib/services/webhooks/receiver-tools';
import {
  webhookSchema,
  webhookWithSecretSchema,
  webhookParams,
  createWebhookBody,
  listWebhooksQuery,
  listWebhooksResponse,
  updateWebhookBody,
  exportWebhookDeliveriesQuery,
  listWebhookDeliveriesQuery,
  listWebhookDeliveriesResponse,
  retryWebhookDeliveryResponse,
  testWebhookResponse,
  deliveryDetailSchema,
  recoverDeliveriesBody,
  recoverDeliveriesResponse,
  testWebhookBody,
  listInboxQuery,
  listInboxResponse,
} from '@/lib/schemas/webhooks';

const common = { tag: 'Webhooks', partner: 'required' as const };
export function registerWebhookRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook',
    operationId: 'createWebhook',
    action: 'webhooks.manage',
    summary: 'Subscribe an endpoint to events (extension)',
    description:
      'Returns the signing secret once. Deliveries follow Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature (v1, HMAC-SHA256).',
    idempotent: true,
    answerHoldsSecret: true,
    body: createWebhookBody,
    response: webhookWithSecretSchema,
    handler: (ctx, { body }) => createWebhook(ctx, body),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook',
    operationId: 'listWebhooks',
    action: 'webhooks.read',
    summary: "List the namespace's webhooks (extension)",
    query: listWebhooksQuery,
    response: listWebhooksResponse,
    handler: (ctx, { query }) => listWebhooks(ctx, query),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook/{webhook_id}',
    operationId: 'getWebhook',
    action: 'webhooks.read',
    summary: 'Get a webhook (extension)',
    params: webhookParams,
    response: webhookSchema,
    errors: [404],
    handler: (ctx, { params }) => getWebhook(ctx, params.webhook_id),
  });
  defineRoute(app, {
    ...common,
    method: 'patch',
    path: '/webhook/{webhook_id}',
    operationId: 'updateWebhook',
    action: 'webhooks.manage',
    summary: 'Update a webhook: url, event types, description, enabled (extension)',
    params: webhookParams,
    body: updateWebhookBody,
    response: webhookSchema,
    errors: [404],
    handler: (ctx, { params, body }) => updateWebhook(ctx, params.webhook_id, body),
  });
  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/webhook/{webhook_id}',
    operationId: 'deleteWebhook',
    action: 'webhooks.manage',
    summary: 'Delete a webhook',
    idempotent: true,
    params: webhookParams,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => deleteWebhook(ctx, params.webhook_id),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook/{webhook_id}/deliveries',
    operationId: 'listWebhookDeliveries',
    action: 'webhooks.read',
    summary: 'Deliveries of a webhook with their attempts (extension)',
    params: webhookParams,
    query: listWebhookDeliveriesQuery,
    response: listWebhookDeliveriesResponse,
    errors: [404],
    handler: (ctx, { params, query }) => listDeliveries(ctx, params.webhook_id, query),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook/{webhook_id}/deliveries/export',
    operationId: 'exportWebhookDeliveries',
    action: 'webhooks.read',
    summary: 'Deliveries of a webhook as CSV (extension)',
    description:
      "The filter of GET /webhook/{webhook_id}/deliveries, every delivery newest first (at most 1,000,000), each with its last attempt's status code, error and response excerpt; times in UTC ISO 8601.",
    params: webhookParams,
    query: exportWebhookDeliveriesQuery,
    response: z.string(),
    stream: { type: 'text/csv', filename: 'deliveries.csv' },
    errors: [404],
    handler: (ctx, { params, query }) => exportDeliveries(ctx, params.webhook_id, query),
  });
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook/{webhook_id}/deliveries/{delivery_id}/retry',
    operationId: 'retryWebhookDelivery',
    action: 'webhooks.manage',
    summary: 'Send a delivery again now (extension)',
    idempotent: true,
    params: webhookParams.extend({ delivery_id: z.string().max(64) }),
    response: retryWebhookDeliveryResponse,
    errors: [404, 409],
    handler: (ctx, { params }) => retryDelivery(ctx, params.webhook_id, params.delivery_id),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook-deliveries/{delivery_id}',
    operationId: 'findWebhookDelivery',
    action: 'webhooks.read',
    summary: 'A delivery by its id alone, with its payload and every attempt (extension)',
    description:
      "The answer of GET /webhook/{webhook_id}/deliveries/{delivery_id}, for a delivery of the namespace's endpoints whose endpoint is not known (its `webhook_id` names it).",
    params: z.object({ delivery_id: z.string().max(64) }),
    response: deliveryDetailSchema,
    errors: [404],
    handler: (ctx, { params }) => findDelivery(ctx, params.delivery_id),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook/{webhook_id}/deliveries/{delivery_id}',
    operationId: 'getWebhookDelivery',
    action: 'webhooks.read',
    summary: 'A delivery with its payload and every attempt (extension)',
    params: webhookParams.extend({ delivery_id: z.string().max(64) }),
    response: deliveryDetailSchema,
    errors: [404],
    handler: (ctx, { params }) => getDelivery(ctx, params.webhook_id, params.delivery_id),
  });
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook/{webhook_id}/recover',
    operationId: 'recoverWebhookDeliveries',
    action: 'webhooks.manage',
    summary: 'Send again the failed deliveries since a time, 1,000 per call (extension)',
    description:
      'Moves failed deliveries created at or after `since` back to pending, oldest first, at most 1,000 per call; repeat while `has_more`. Each failed delivery is sent again once per recovery: a second call finds it pending. Audited as webhook.recovered.',
    idempotent: true,
    params: webhookParams,
    body: recoverDeliveriesBody,
    response: recoverDeliveriesResponse,
    errors: [404, 409],
    handler: (ctx, { params, body }) => recoverDeliveries(ctx, params.webhook_id, body),
  });
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook/{webhook_id}/test',
    operationId: 'testWebhook',
    action: 'webhooks.manage',
    summary: 'Send a test event of any type to this endpoint (extension)',
    description:
      '`webhook.test` by default; `event_type` sends an event of that type with a realistic example `data` (fresh ids, this namespace as a party). It goes to this endpoint only, whatever it subscribes to.',
    idempotent: true,
    params: webhookParams,
    body: testWebhookBody,
    bodyOptional: true,
    response: testWebhookResponse,
    errors: [404],
    handler: (ctx, { params, body }) => sendTestEvent(ctx, params.webhook_id, body),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook/{webhook_id}/inbox',
    operationId: 'listWebhookInbox',
    action: 'webhooks.read',
    summary: 'What an inbox endpoint received, newest first (extension)',
    description:
      "Each delivery attempt as a real endpoint receives it: the headers, the exact body signed, and whether the signature verifies with the endpoint's secret. Kept as long as finished deliveries.",
    params: webhookParams,
    query: listInboxQuery,
    response: listInboxResponse,
    errors: [404],
    handler: (ctx, { params, query }) => listInboxMessages(ctx, params.webhook_id, query),
  });
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook/{webhook_id}/rotate-secret',
    operationId: 'rotateWebhookSecret',
    action: 'webhooks.manage',
    summary: 'Rotate the signing secret; the old one still signs for 24 hours (extension)',
    idempotent: true,
    answerHoldsSecret: true,
    params: webhookParams,
    response: webhookWithSecretSchema,
    errors: [404],
    handler: (ctx, { params }) => rotateWebhookSecret(ctx, params.webhook_id),
  });
}
