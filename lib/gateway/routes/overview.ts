import { type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { getOverview } from '@/lib/services/overview/overview';
import { overviewSchema, getOverviewQuery } from '@/lib/schemas/overview';

export function registerOverviewRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    tag: 'Overview',
    partner: 'required',
    org: 'optional',
    method: 'get',
    path: '/overview',
    operationId: 'getOverview',
    action: 'overview.read',
    summary: "Figures of the namespace's activity for the dashboard (extension)",
    description:
      'Payments today, decisions, waiting tasks, value cleared awaiting settlement, the last settlement position per currency, daily volume by status and exceptions by code and blame over the last `days` UTC days (default 14). Money is grouped by currency.',
    query: getOverviewQuery,
    response: overviewSchema,
    handler: (ctx, { query }) => getOverview(ctx, query),
  });
}
