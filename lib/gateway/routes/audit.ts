import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { exportAuditEvents, listAuditEvents } from '@/lib/services/audit/list';
import { exportAuditEventsQuery, listAuditEventsQuery, listAuditEventsResponse } from '@/lib/schemas/audit';

const common = {
  tag: 'Audit',
  errors: [403],
};

export function registerAuditRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/audit-events',
    operationId: 'listAuditEvents',
    action: 'audit.read',
    summary: "The organization's audit trail, newest first (extension)",
    description:
      'Who changed what: every change by a person or an API key, written with the change (docs/audit.md). Admins and support read their organization\'s trail; the operator reads every trail, or one with org_id ("network" for its own acts). Filters combine; paged by cursor.',
    query: listAuditEventsQuery,
    response: listAuditEventsResponse,
    handler: (ctx, { query }) => listAuditEvents(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/audit-events/export',
    operationId: 'exportAuditEvents',
    action: 'audit.read',
    summary: 'The filtered audit trail as CSV, streamed (extension)',
    description: 'The same filters as the list; newest first; at most 1,000,000 rows.',
    query: exportAuditEventsQuery,
    response: z.string().openapi({ description: 'CSV (RFC 4180) with a header line' }),
    stream: { type: 'text/csv', filename: 'audit-events.csv' },
    handler: (ctx, { query }) => exportAuditEvents(ctx, query),
  });
}
