import type { OpenAPIHono } from '@hono/zod-openapi';
import { createGatewayBase } from '@/lib/api/app';
import type { GatewayEnv } from '@/lib/api/env';
import { config } from '@/lib/config';
import { registerAccountRoutes } from './routes/accounts';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerCustomerRoutes } from './routes/customers';
import { registerHealthRoutes } from './routes/health';
import { registerLinkRoutes } from './routes/links';
import { registerOrganizationRoutes } from './routes/organization';
import { registerOverviewRoutes } from './routes/overview';
import { registerPartnerRoutes } from './routes/partners';
import { registerPaymentRoutes } from './routes/payments';
import { registerSettlementRoutes } from './routes/settlements';
import { registerTaskRoutes } from './routes/tasks';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerUserRoutes } from './routes/users';

/** Route modules, in the order they appear in the API reference. */
const ROUTE_MODULES: Array<(app: OpenAPIHono<GatewayEnv>) => void> = [
  registerHealthRoutes,
  registerOrganizationRoutes,
  registerUserRoutes,
  registerPartnerRoutes,
  registerApiKeyRoutes,
  registerCustomerRoutes,
  registerAccountRoutes,
  registerLinkRoutes,
  registerPaymentRoutes,
  registerTaskRoutes,
  registerSettlementRoutes,
  registerWebhookRoutes,
  registerOverviewRoutes,
];

export function createGateway(): OpenAPIHono<GatewayEnv> {
  const app = createGatewayBase();
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-SERVICE-API-KEY' });
  for (const register of ROUTE_MODULES) register(app);
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Payment Network Gateway',
      version: config.version,
      description:
        'REST/JSON gateway of the payment network. Success bodies are `{ok, data}`; errors are `{code, message}`. Amounts are strings of digits in minor units.',
    },
    servers: [{ url: '/' }],
  });
  return app;
}

const g = globalThis as unknown as { __cspGateway?: OpenAPIHono<GatewayEnv> };

/** One gateway per process, shared by the Next.js route handler and the dashboard's proxy. */
export function getGateway(): OpenAPIHono<GatewayEnv> {
  g.__cspGateway ??= createGateway();
  return g.__cspGateway;
}
