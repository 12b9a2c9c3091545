import type { OpenAPIHono } from '@hono/zod-openapi';
import { API_PREFIX, createGatewayBase, unmatchedRequestError } from '@/lib/api/app';
import { NotFoundError, UnauthorizedError, type AppError } from '@/lib/errors';
import { metrics, metricsAuthorized } from '@/lib/metrics/metrics';
import { getDatabase } from '@/lib/db';
import { registerHealthGauges } from '@/lib/services/health/gauges';
import type { GatewayEnv } from '@/lib/api/env';
import { config } from '@/lib/config';
import { registerAccountRoutes } from './routes/accounts';
import { registerAuditRoutes } from './routes/audit';
import { registerSessionRoutes } from './routes/sessions';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerCustomerRoutes } from './routes/customers';
import { registerHealthRoutes } from './routes/health';
import { registerLinkRoutes } from './routes/links';
import { registerOrganizationRoutes } from './routes/organization';
import { registerOverviewRoutes } from './routes/overview';
import { registerNamespaceRoutes } from './routes/namespaces';
import { registerPaymentRoutes } from './routes/payments';
import { registerSettlementRoutes } from './routes/settlements';
import { registerTaskRoutes } from './routes/tasks';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerUserRoutes } from './routes/users';
import { registerLiquidityRoutes } from './routes/liquidity';
import { registerReturnRoutes } from './routes/returns';
import { registerRuleRoutes } from './routes/rules';
import { registerReferenceRoutes } from './reference/routes';
import { registerRequestLogRoutes } from './routes/request-logs';
import { SAMPLE_VARIABLES } from './reference/samples';

/** Route modules, in the order they appear in the API reference. */
const ROUTE_MODULES: Array<(app: OpenAPIHono<GatewayEnv>) => void> = [
  registerHealthRoutes,
  registerOrganizationRoutes,
  registerUserRoutes,
  registerNamespaceRoutes,
  registerApiKeyRoutes,
  registerCustomerRoutes,
  registerAccountRoutes,
  registerLinkRoutes,
  registerPaymentRoutes,
  registerTaskRoutes,
  registerRuleRoutes,
  registerSettlementRoutes,
  registerLiquidityRoutes,
  registerReturnRoutes,
  registerWebhookRoutes,
  registerOverviewRoutes,
  registerAuditRoutes,
  registerRequestLogRoutes,
  registerSessionRoutes,
];

/** The tags of the API reference, in its order; every operation names one of them. */
const TAGS = [
  { name: 'Health', description: 'Liveness of the gateway, for load balancers; no credential.' },
  {
    name: 'Organization',
    description: 'Sign-up, sign-in (the JWT the other operations take), the caller and its organization.',
  },
  { name: 'Users', description: "The organization's users and their roles: admin, support, viewer." },
  {
    name: 'Namespaces',
    description:
      "The organization's namespaces (`partner`): each owns a domain of payment addresses, sandbox or production.",
  },
  {
    name: 'API keys',
    description:
      "A namespace's API keys with their four access flags. The secret is shown in full only on create and rotate.",
  },
  {
    name: 'Customers',
    description: "A namespace's customers, and resolving a payment address to its customer.",
  },
  { name: 'Accounts', description: "A namespace's settlement bank accounts." },
  {
    name: 'Links',
    description:
      'Links between two namespaces: proposed, accepted, suspended. A payment between namespaces needs one.',
  },
  {
    name: 'Payments',
    description: 'Payments (push and pull), their submission for admission, exceptions and transactions.',
  },
  {
    name: 'Admission tasks',
    description: 'The tasks a submission creates, worked by the namespace they are assigned to.',
  },
  {
    name: 'Admission rules',
    description:
      "A namespace's own rules (DESIGN §13) deciding its admission tasks the moment they are made — accept, reject, hold or send to review — first enabled match first; a backtest over the namespace's history before saving.",
  },
  {
    name: 'Settlements',
    description:
      'Settlement batches, net positions and Merkle inclusion proofs of the namespaces that took part.',
  },
  {
    name: 'Returns',
    description:
      "Returns of funds (DESIGN §12): a debtor's request for a payment's money back, decided by the beneficiary's namespace, or a return the beneficiary makes on its own; each a payment in the other direction.",
  },
  {
    name: 'Liquidity',
    description:
      "A namespace's settlement balance, net debit cap, live position and liquidity queue per currency (DESIGN §11), and the operator's settings of them.",
  },
  { name: 'Webhooks', description: 'Endpoints receiving signed event notifications, and their deliveries.' },
  { name: 'Overview', description: "Figures of a namespace's activity, for the dashboard." },
  {
    name: 'Audit',
    description:
      'Who changed what: every change by a person or an API key, recorded with the change, append-only and hash-chained per organization.',
  },
  {
    name: 'Request logs',
    description:
      "Every API request of a namespace's credentials, with its answer: find one by the request id of an error, see what was sent and answered (secrets redacted).",
  },
  {
    name: 'Operator',
    description:
      "The network operator's operations: verifying organizations, settlement cut-offs, network figures.",
  },
];

export function createGateway(): OpenAPIHono<GatewayEnv> {
  const app = createGatewayBase();
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `access_token` of POST /organization/signin (7 days).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-SERVICE-API-KEY',
    description: "A namespace's API key secret (`sk_sandbox_…` or `sk_live_…`).",
  });
  for (const register of ROUTE_MODULES) register(app);
  registerMetricsRoute(app);
  registerReferenceRoutes(app, {
    openapi: '3.1.0',
    info: {
      title: 'Payment Network Gateway',
      version: config.version,
      description: [
        'REST/JSON gateway of the payment network. Success bodies are `{ok, data}`; errors are `{code, message}`. Amounts are strings of digits in minor units.',
        `Every operation has samples in curl, Node.js (fetch) and Python (requests) for this deployment's address. They read the credential and tenant from the environment: \`${SAMPLE_VARIABLES.apiKey}\` (an API key's secret) or \`${SAMPLE_VARIABLES.token}\` (the \`access_token\` of POST /organization/signin), \`${SAMPLE_VARIABLES.partnerId}\` and \`${SAMPLE_VARIABLES.orgId}\`; an idempotent operation sends a fresh \`idempotency-key\` each run. Paths and bodies hold example values: put your own ids and your namespace's domain in their place.`,
        'The same operations as a Postman collection (also imported by Bruno and Insomnia): [postman.json](/api/v1/csp/postman.json). "Try it out" sends requests to this deployment with sandbox credentials only.',
      ].join('\n\n'),
      // The project grants no public license (package.json is private): all rights reserved.
      license: { name: 'Proprietary' },
    },
    tags: TAGS,
  });
  return app;
}

/**
 * `GET /metrics`: Prometheus text for a scraper holding `METRICS_TOKEN` (docs/operations.md). Not
 * in the API reference: an operator's endpoint, not a partner's. Unset, the path does not exist.
 */
function registerMetricsRoute(app: OpenAPIHono<GatewayEnv>) {
  app.get('/metrics', async (c) => {
    const m = metrics();
    if (!m) throw new NotFoundError(`No operation GET ${API_PREFIX}/metrics`);
    if (!metricsAuthorized(c.req.header('authorization')))
      throw new UnauthorizedError('Send Authorization: Bearer <METRICS_TOKEN>');
    registerHealthGauges(m.registry, async () => (await getDatabase()).db);
    return c.body(await m.registry.metrics(), 200, { 'Content-Type': m.registry.contentType });
  });
}

const g = globalThis as unknown as { __cspGateway?: OpenAPIHono<GatewayEnv> };

/** One gateway per process, shared by the Next.js route handler and the dashboard's proxy. */
export function getGateway(): OpenAPIHono<GatewayEnv> {
  g.__cspGateway ??= createGateway();
  return g.__cspGateway;
}

/** The gateway's refusal of `method` on `path` when no operation takes it (405 or 404). */
export function gatewayRefusal(method: string, path: string): AppError {
  return unmatchedRequestError(getGateway(), method, path);
}
