import type { OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import {
  getRequestLog,
  getRequestLogSettings,
  listRequestLogs,
  updateRequestLogSettings,
} from '@/lib/services/request-logs/request-logs';
import {
  listRequestLogsQuery,
  listRequestLogsResponse,
  requestLogDetailSchema,
  requestLogParams,
  requestLogSettingsSchema,
  updateRequestLogSettingsBody,
} from '@/lib/schemas/request-logs';

const common = { tag: 'Request logs', partner: 'required' as const };

export function registerRequestLogRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/request-logs',
    operationId: 'listRequestLogs',
    action: 'request_logs.read',
    summary: "The namespace's API requests, newest first (extension)",
    description:
      "Every request made with the namespace's API keys or by its users (the dashboard's included), with its status, latency, credential, idempotency key and error. Filters: status class, exact path, credential, time. Entries are kept `retention_seconds`; bodies (redacted) for sandbox namespaces, and for production ones whose admins keep them.",
    query: listRequestLogsQuery,
    response: listRequestLogsResponse,
    handler: (ctx, { query }) => listRequestLogs(ctx, query),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/request-logs/{request_id}',
    operationId: 'getRequestLog',
    action: 'request_logs.read',
    summary: 'One request with its bodies, by its request id (extension)',
    description:
      "The X-Request-Id of any answer (error answers link it in X-Request-Log): the gateway's own request id, or the one the client sent. Bodies are redacted: no API key secret, access token, password, one-time code or signing secret is ever stored.",
    params: requestLogParams,
    response: requestLogDetailSchema,
    errors: [404],
    handler: (ctx, { params }) => getRequestLog(ctx, params.request_id),
  });
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/request-log-settings',
    operationId: 'getRequestLogSettings',
    action: 'namespaces.read',
    summary: "Whether the namespace's request log keeps bodies (extension)",
    response: requestLogSettingsSchema,
    handler: (ctx) => getRequestLogSettings(ctx),
  });
  defineRoute(app, {
    ...common,
    method: 'put',
    path: '/request-log-settings',
    operationId: 'updateRequestLogSettings',
    action: 'namespaces.manage',
    summary: "Keep request and response bodies in a production namespace's log, or not (extension)",
    description: 'Sandbox namespaces always keep them (400). Audited as request_log.settings_updated.',
    body: updateRequestLogSettingsBody,
    response: requestLogSettingsSchema,
    handler: (ctx, { body }) => updateRequestLogSettings(ctx, body),
  });
}
