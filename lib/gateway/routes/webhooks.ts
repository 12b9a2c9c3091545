import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { emptyObject, pageQuery, secondsSchema } from '@/lib/api/schemas';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from '@/lib/services/webhooks/webhooks';

export const webhookSchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.string()),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable(),
    failing_since: secondsSchema.nullable(),
    secret: z.string().optional().openapi({ description: 'The signing secret (whsec_…), only on create and rotate-secret' }),
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Webhook');

const deliverySchema = z
  .object({
    token: z.string(),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    next_attempt_at: secondsSchema.nullable(),
    created_at: secondsSchema,
    attempt_log: z.array(
      z.object({ attempted_at: secondsSchema, status_code: z.number().int().nullable(), latency_ms: z.number().int(), response_excerpt: z.string().nullable(), error: z.string().nullable() }),
    ),
  })
  .openapi('WebhookDelivery');

const params = z.object({ webhook_id: z.string().max(64) });
const common = { tag: 'Webhooks', auth: 'jwt' as const, partner: 'required' as const };
const url = z.string().min(8).max(2048);
const types = z.array(z.string().max(64)).max(32);

export function registerWebhookRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook',
    summary: 'Subscribe an endpoint to events (extension)',
    description: 'Returns the signing secret once. Deliveries follow Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature (v1, HMAC-SHA256).',
    roles: ['admin'],
    idempotent: true,
    body: z.object({ url, event_types: types, description: z.string().max(500).optional() }),
    response: webhookSchema,
    handler: (ctx, { body }) => createWebhook(ctx, body),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook',
    summary: "List the namespace's webhooks (extension)",
    query: z.object(pageQuery),
    response: z.object({ count: z.number().int(), webhooks: z.array(webhookSchema) }),
    handler: (ctx, { query }) => listWebhooks(ctx, query),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook/{webhook_id}',
    summary: 'Get a webhook (extension)',
    params,
    response: webhookSchema,
    errors: [404],
    handler: (ctx, { params }) => getWebhook(ctx, params.webhook_id),
  });
  defineRoute(app, {
    ...common,
    method: 'patch',
    path: '/webhook/{webhook_id}',
    summary: 'Update a webhook: url, event types, description, enabled (extension)',
    roles: ['admin'],
    params,
    body: z.object({ url: url.optional(), event_types: types.optional(), description: z.string().max(500).optional(), enabled: z.boolean().optional() }),
    response: webhookSchema,
    errors: [404],
    handler: (ctx, { params, body }) => updateWebhook(ctx, params.webhook_id, body),
  });
  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/webhook/{webhook_id}',
    summary: 'Delete a webhook',
    roles: ['admin'],
    idempotent: true,
    params,
    response: emptyObject,
    errors: [404],
    handler: (ctx, { params }) => deleteWebhook(ctx, params.webhook_id),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/webhook/{webhook_id}/deliveries',
    summary: 'Deliveries of a webhook with their attempts (extension)',
    params,
    query: z.object({ status: z.enum(['pending', 'succeeded', 'failed'], { error: 'status must be pending, succeeded or failed' }).optional(), ...pageQuery }),
    response: z.object({ count: z.number().int(), deliveries: z.array(deliverySchema) }),
    errors: [404],
    handler: (ctx, { params, query }) => listDeliveries(ctx, params.webhook_id, query),
  });
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook/{webhook_id}/deliveries/{delivery_id}/retry',
    summary: 'Send a delivery again now (extension)',
    roles: ['admin'],
    idempotent: true,
    params: params.extend({ delivery_id: z.string().max(64) }),
    response: z.object({ token: z.string(), status: z.literal('pending') }),
    errors: [404, 409],
    handler: (ctx, { params }) => retryDelivery(ctx, params.webhook_id, params.delivery_id),
  });
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook/{webhook_id}/test',
    summary: 'Send a webhook.test event to this endpoint (extension)',
    roles: ['admin'],
    idempotent: true,
    params,
    response: z.object({ event_id: z.string() }),
    errors: [404],
    handler: (ctx, { params }) => sendTestEvent(ctx, params.webhook_id),
  });
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/webhook/{webhook_id}/rotate-secret',
    summary: 'Rotate the signing secret; the old one still signs for 24 hours (extension)',
    roles: ['admin'],
    idempotent: true,
    params,
    response: webhookSchema,
    errors: [404],
    handler: (ctx, { params }) => rotateWebhookSecret(ctx, params.webhook_id),
  });
}
