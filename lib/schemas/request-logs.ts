import { z } from '@hono/zod-openapi';
import { pageInfo, pageQuery, unixSecondsQuery } from './common';

const requestLogSchema = z
  .object({
    token: z
      .string()
      .openapi({ description: 'The entry (req_…); the request id too unless the client sent its own' }),
    request_id: z.string().openapi({ description: 'The X-Request-Id the request was answered with' }),
    at: z.number().int().openapi({ description: 'When the request arrived (Unix seconds)' }),
    at_ms: z.number().int().openapi({ description: 'The same to the millisecond (Unix milliseconds)' }),
    method: z.string(),
    path: z
      .string()
      .openapi({ description: 'The path as requested, a secret in it (API key rotation) redacted' }),
    route: z
      .string()
      .nullable()
      .openapi({ description: 'The operation it reached (`/payments/{payment_id}`)' }),
    query: z.string().nullable().openapi({ description: 'The query string, secret parameters redacted' }),
    status: z.number().int(),
    latency_ms: z.number().openapi({ description: 'From arrival to the answer, in the gateway' }),
    credential: z.string().openapi({ description: 'The API key (`api_…`) or user (`usr_…`) that made it' }),
    credential_kind: z.enum(['api_key', 'user']),
    source: z.enum(['api', 'dashboard']).openapi({
      description:
        "`dashboard`: a call the dashboard's server made for a signed-in person; `api`: any other (an API key, a script with an access token)",
    }),
    actor: z.string().openapi({ description: "The key's name or the user's e-mail, as they were then" }),
    idempotency_key: z.string().nullable(),
    replayed: z
      .boolean()
      .openapi({ description: 'Answered from a stored idempotent answer (Idempotent-Replayed)' }),
    error_code: z
      .string()
      .nullable()
      .openapi({ description: '`code` of an error answer (error.bad_request…)' }),
    error_message: z.string().nullable(),
  })
  .openapi('RequestLog');
export type RequestLog = z.infer<typeof requestLogSchema>;

export const requestLogDetailSchema = requestLogSchema
  .extend({
    request_body: z.string().nullable().openapi({
      description:
        'The JSON body as received, with credentials, passwords, codes and secrets redacted; null without a body, or when bodies are not kept (a production namespace whose admins did not turn them on)',
    }),
    response_body: z
      .string()
      .nullable()
      .openapi({ description: 'The answer, redacted the same way; null for a file' }),
    bodies_kept: z.boolean().openapi({ description: "Whether this namespace's log keeps bodies" }),
  })
  .openapi('RequestLogDetail');
export type RequestLogDetail = z.infer<typeof requestLogDetailSchema>;

export const listRequestLogsQuery = z.object({
  status_class: z
    .enum(['2xx', '3xx', '4xx', '5xx'], { error: 'status_class must be 2xx, 3xx, 4xx or 5xx' })
    .optional()
    .openapi({ param: { name: 'status_class', in: 'query' } }),
  path: z
    .string()
    .min(1)
    .max(2048)
    .optional()
    .openapi({
      param: { name: 'path', in: 'query' },
      description: 'Exactly this path (`/api/v1/csp/payments`)',
    }),
  credential: z
    .string()
    .regex(/^(api|usr)_[A-Za-z0-9]+$/, 'credential must be an API key id (api_…) or a user id (usr_…)')
    .optional()
    .openapi({
      param: { name: 'credential', in: 'query' },
      description: 'The API key (api_…) or user (usr_…)',
    }),
  source: z
    .enum(['api', 'dashboard', 'all'], { error: 'source must be api, dashboard or all' })
    .default('api')
    .openapi({
      param: { name: 'source', in: 'query' },
      description:
        "Whose calls: `api` (the default: API keys and scripts), `dashboard` (the dashboard's own calls for its users) or `all`",
    }),
  from: unixSecondsQuery('from', 'Requests at or after this time').optional(),
  to: unixSecondsQuery('to', 'Requests before the end of this second').optional(),
  ...pageQuery,
});
export type ListRequestLogsQuery = z.output<typeof listRequestLogsQuery>;

export const listRequestLogsResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  bodies_kept: z
    .boolean()
    .openapi({ description: "Whether this namespace's log keeps request and response bodies" }),
  retention_seconds: z.number().int().openapi({ description: 'How long an entry is kept' }),
  request_logs: z.array(requestLogSchema),
});
export type ListRequestLogsResponse = z.infer<typeof listRequestLogsResponse>;

export const requestLogParams = z.object({ request_id: z.string().min(1).max(64) });

export const requestLogSettingsSchema = z
  .object({
    bodies_kept: z.boolean(),
    environment: z.enum(['sandbox', 'production']),
    retention_seconds: z.number().int(),
  })
  .openapi('RequestLogSettings');
export const updateRequestLogSettingsBody = z.object({
  keep_bodies: z.boolean({ error: 'keep_bodies must be true or false' }),
});
export type UpdateRequestLogSettingsBody = z.output<typeof updateRequestLogSettingsBody>;
