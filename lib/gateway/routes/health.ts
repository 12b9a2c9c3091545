import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';

export function registerHealthRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    method: 'get',
    path: '/health',
    tag: 'Health',
    summary: 'Liveness: the gateway answers (no credential, no database)',
    auth: 'none',
    response: z.object({ status: z.literal('ok'), version: z.string() }),
    handler: async () => ({ status: 'ok' as const, version: 'gateway-csp/v0.1.0' }),
  });
}
