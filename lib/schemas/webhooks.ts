import { z } from '@hono/zod-openapi';
import { secondsSchema, pageQuery, pageInfo, unixSecondsInput, plainText } from './common';
import { EVENT_TYPES } from '@/lib/events/types';

export const webhookSchema = z
  .object({
    token: z.string(),
    partner_id: z.string(),
    kind: z.enum(['url', 'inbox']).openapi({
      description:
        '`url`: deliveries are POSTed to `url`. `inbox` (sandbox namespaces, extension): they are kept and read with GET /webhook/{webhook_id}/inbox, no public URL needed; `url` is then `inbox://<id>`',
    }),
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.string()),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable(),
    failing_since: secondsSchema.nullable(),
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Webhook');

export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of create and rotate-secret: the endpoint with its signing secret, shown this once. */
export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z.string().openapi({
      description:
        'The signing secret (whsec_…), shown only in this answer: keep it to verify webhook-signature',
    }),
  })
  .openapi('WebhookWithSecret');

export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

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
      z.object({
        attempted_at: secondsSchema,
        status_code: z.number().int().nullable(),
        latency_ms: z.number().int(),
        response_excerpt: z.string().nullable(),
        error: z.string().nullable(),
      }),
    ),
  })
  .openapi('WebhookDelivery');

export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryDetailSchema = deliverySchema
  .extend({
    payload: z.record(z.string(), z.unknown()).nullable().openapi({
      description:
        'The JSON body every attempt sent (signed as is): id, type, created_at, org_id, partner_id, data. Null once the event is past its retention.',
    }),
  })
  .openapi('WebhookDeliveryDetail');

export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

export const recoverDeliveriesBody = z.object({
  since: unixSecondsInput(
    'since',
    'Failed deliveries created at or after this time are sent again; not in the future (a minute of clock difference allowed)',
  ).refine((s) => s * 1000 <= Date.now() + 60_000, 'since must not be in the future'),
});

export const recoverDeliveriesResponse = z.object({
  recovered: z
    .number()
    .int()
    .openapi({ description: 'Failed deliveries moved back to pending by this call (at most 1,000)' }),
  remaining: z
    .number()
    .int()
    .openapi({ description: 'Failed deliveries since then still to recover (counted up to 100,000)' }),
  has_more: z.boolean().openapi({ description: 'Call again to recover the next batch' }),
});

export type RecoverDeliveriesResponse = z.infer<typeof recoverDeliveriesResponse>;

export const webhookParams = z.object({ webhook_id: z.string().max(64) });

const webhookUrlSchema = z.string().min(8).max(2048);

const eventTypesSchema = z.array(z.string().max(64)).max(32);

export const createWebhookBody = z
  .object({
    kind: z.enum(['url', 'inbox'], { error: 'kind must be url or inbox' }).optional().openapi({
      description:
        '`url` (default): deliveries are POSTed to `url`. `inbox`: kept for reading in the dashboard or with GET /webhook/{webhook_id}/inbox, for sandbox namespaces; no `url`',
    }),
    url: webhookUrlSchema
      .optional()
      .openapi({ description: 'Where deliveries are POSTed; required unless `kind` is `inbox`' }),
    event_types: eventTypesSchema,
    description: plainText(z.string().max(500)).optional(),
  })
  .refine((b) => b.kind === 'inbox' || b.url !== undefined, {
    message: 'url is required (or kind: "inbox" for an endpoint without one)',
    path: ['url'],
  })
  .refine((b) => b.kind !== 'inbox' || b.url === undefined, {
    message: 'url: an inbox has no URL; leave it out',
    path: ['url'],
  });

export type CreateWebhookBody = z.output<typeof createWebhookBody>;

export const listWebhooksQuery = z.object(pageQuery);

export type ListWebhooksQuery = z.output<typeof listWebhooksQuery>;

export const listWebhooksResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  webhooks: z.array(webhookSchema),
});

export const updateWebhookBody = z.object({
  url: webhookUrlSchema.optional(),
  event_types: eventTypesSchema.optional(),
  description: plainText(z.string().max(500)).optional(),
  enabled: z.boolean().optional(),
});

export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;

export const listWebhookDeliveriesQuery = z.object({
  status: z
    .enum(['pending', 'succeeded', 'failed'], { error: 'status must be pending, succeeded or failed' })
    .optional(),
  ...pageQuery,
});

export type ListWebhookDeliveriesQuery = z.output<typeof listWebhookDeliveriesQuery>;

/** The list's filter without paging: the export's query. */
export const exportWebhookDeliveriesQuery = listWebhookDeliveriesQuery.pick({ status: true, order: true });
export type WebhookDeliveryFilters = z.output<typeof exportWebhookDeliveriesQuery>;

export const listWebhookDeliveriesResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  deliveries: z.array(deliverySchema),
});

export const retryWebhookDeliveryResponse = z.object({ token: z.string(), status: z.literal('pending') });

export const testWebhookBody = z.object({
  event_type: z
    .enum(EVENT_TYPES, { error: 'event_type must be one of the event types (docs/webhooks.md)' })
    .optional()
    .openapi({
      description:
        'The type of the test event (default `webhook.test`): any event type, with a realistic example `data`, sent to this endpoint only whatever it subscribes to',
    }),
});

export type TestWebhookBody = z.output<typeof testWebhookBody>;

export const testWebhookResponse = z.object({ event_id: z.string(), event_type: z.string() });

const inboxMessageSchema = z
  .object({
    token: z.string(),
    delivery_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    received_at: secondsSchema,
    headers: z.record(z.string(), z.string()).openapi({
      description:
        'The request headers as an endpoint receives them: webhook-id, webhook-timestamp, webhook-signature…',
    }),
    body: z.string().openapi({ description: 'The exact body that was signed' }),
    signature_valid: z.boolean().openapi({
      description:
        "Whether webhook-signature verifies with the endpoint's secret and webhook-timestamp is within 5 minutes, as docs/webhooks.md checks it",
    }),
  })
  .openapi('WebhookInboxMessage');

export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const listInboxQuery = z.object(pageQuery);
export type ListInboxQuery = z.output<typeof listInboxQuery>;

export const listInboxResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  messages: z.array(inboxMessageSchema),
});
export type ListInboxResponse = z.infer<typeof listInboxResponse>;
