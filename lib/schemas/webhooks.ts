import { z } from '@hono/zod-openapi';
import { secondsSchema, pageQuery, pageInfo } from './common';

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
    secret: z
      .string()
      .optional()
      .openapi({ description: 'The signing secret (whsec_…), only on create and rotate-secret' }),
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('Webhook');

export type Webhook = z.infer<typeof webhookSchema>;

export const deliverySchema = z
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
  since: z
    .number()
    .int()
    .min(0)
    .openapi({ description: 'Unix seconds: failed deliveries created at or after this time are sent again' }),
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

export const webhookUrlSchema = z.string().min(8).max(2048);

export const eventTypesSchema = z.array(z.string().max(64)).max(32);

export const createWebhookBody = z.object({
  url: webhookUrlSchema,
  event_types: eventTypesSchema,
  description: z.string().max(500).optional(),
});

export type CreateWebhookBody = z.output<typeof createWebhookBody>;

export const listWebhooksQuery = z.object(pageQuery);

export type ListWebhooksQuery = z.output<typeof listWebhooksQuery>;

export const listWebhooksResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  webhooks: z.array(webhookSchema),
});

export type ListWebhooksResponse = z.infer<typeof listWebhooksResponse>;

export const updateWebhookBody = z.object({
  url: webhookUrlSchema.optional(),
  event_types: eventTypesSchema.optional(),
  description: z.string().max(500).optional(),
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

export type ListWebhookDeliveriesResponse = z.infer<typeof listWebhookDeliveriesResponse>;

export const retryWebhookDeliveryResponse = z.object({ token: z.string(), status: z.literal('pending') });

export type RetryWebhookDeliveryResponse = z.infer<typeof retryWebhookDeliveryResponse>;

export const testWebhookResponse = z.object({ event_id: z.string() });

export type TestWebhookResponse = z.infer<typeof testWebhookResponse>;
