import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { AppError } from '@/lib/errors';
import { readiness } from '@/lib/services/health/readiness';
import { operatorHealthSchema } from '@/lib/schemas/health';
import {
  auditTrailHealth,
  failingEndpoints,
  failingSettlements,
  lastCutoff,
  outboxOldestAgeSeconds,
  webhookBacklog,
} from '@/lib/services/health/signals';
import { CSP_VERSION_HEADER } from '@/lib/version';
import { workersRunning } from '@/lib/workers';

const liveness = z.object({ status: z.literal('ok'), version: z.string() });

const readinessSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.literal('ok'),
  workers: z.enum(['running', 'off']).openapi({ description: '`off`: an instance run with WORKERS=off' }),
});

export function registerHealthRoutes(app: OpenAPIHono<GatewayEnv>) {
  for (const [path, operationId] of [
    ['/health', 'getHealth'],
    ['/healthz', 'getHealthz'],
  ] as const)
    defineRoute(app, {
      method: 'get',
      path,
      operationId,
      action: 'public',
      tag: 'Health',
      summary: 'Liveness: the process answers (no credential, no database)',
      // Load balancers probe it often, from one address: a 429 would take the instance out.
      rateLimited: false,
      response: liveness,
      handler: async () => ({ status: 'ok' as const, version: CSP_VERSION_HEADER }),
    });

  defineRoute(app, {
    method: 'get',
    path: '/readyz',
    operationId: 'getReadyz',
    action: 'public',
    tag: 'Health',
    summary: 'Readiness: the database answers and holds this build’s migrations, the workers run',
    description:
      'No credential, no tenant data. 503 (`error.not_ready`) names what is not ready: a load balancer ' +
      'sends no traffic to the instance until it answers 200.',
    rateLimited: false,
    errors: [503],
    response: readinessSchema,
    handler: async (ctx) => {
      const r = await readiness(ctx.db, { workersRunning: workersRunning() });
      if (!r.ready || r.workers === 'stopped' || r.database !== 'ok' || r.migrations !== 'ok')
        throw new AppError(
          'error.not_ready',
          `Not ready: database ${r.database}, migrations ${r.migrations}, workers ${r.workers}`,
        );
      return {
        status: 'ready' as const,
        database: 'ok' as const,
        migrations: 'ok' as const,
        workers: r.workers,
      };
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/operator/health',
    operationId: 'getOperatorHealth',
    action: 'network.read',
    tag: 'Operator',
    summary: "The network's delivery and settlement health (operator, extension)",
    description:
      "Outbox lag, webhook backlog, failing endpoints, currencies whose settlement failed, the last cut-off, the audit trail's upkeep and this instance's readiness: the figures of the Prometheus metrics, for the operator console.",
    response: operatorHealthSchema,
    handler: async (ctx) => {
      const [outbox, backlog, failing, settlements, cutoff, audit, ready] = await Promise.all([
        outboxOldestAgeSeconds(ctx.db),
        webhookBacklog(ctx.db),
        failingEndpoints(ctx.db),
        failingSettlements(ctx.db),
        lastCutoff(ctx.db),
        auditTrailHealth(ctx.db),
        readiness(ctx.db, { workersRunning: workersRunning() }),
      ]);
      return {
        outbox_oldest_event_age_seconds: outbox,
        webhook_backlog: backlog,
        failing_endpoints: failing,
        failing_settlements: settlements,
        last_cutoff: cutoff,
        readiness: { database: ready.database, migrations: ready.migrations, workers: ready.workers },
        audit_trail: audit,
      };
    },
  });
}
