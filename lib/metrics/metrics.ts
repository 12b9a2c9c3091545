import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { config } from '@/lib/config';
import { getDatabase } from '@/lib/db';

/**
 * Prometheus metrics of one instance (prom-client), collected only when `METRICS_TOKEN` is set.
 * Labels hold route templates, methods, statuses, the host and opaque endpoint ids — never a
 * tenant's names, addresses, amounts or secrets. This module holds the registry, the counters the
 * layers below the gateway increment and the pool's gauge; the network's figures read from the
 * database at scrape time (lib/services/health/gauges.ts) are added to the registry by the
 * gateway's `/metrics` route, so this module depends on nothing above the database.
 */
export interface Metrics {
  registry: client.Registry;
  httpRequests: client.Counter<'method' | 'route' | 'status' | 'host'>;
  httpDuration: client.Histogram<'method' | 'route' | 'host'>;
  sandboxBankDecisions: client.Counter<'decision'>;
  webhookAttempts: client.Counter<'outcome'>;
  backgroundFailures: client.Counter<'pass'>;
}

const g = globalThis as unknown as { __cspMetrics?: Metrics };

/** The instance's metrics, or undefined when they are off (`METRICS_TOKEN` unset). */
export function metrics(): Metrics | undefined {
  if (!config.metricsToken) return undefined;
  g.__cspMetrics ??= createMetrics();
  return g.__cspMetrics;
}

/** Whether `authorization` is `Bearer <METRICS_TOKEN>` (compared in constant time). */
export function metricsAuthorized(authorization: string | undefined): boolean {
  const token = config.metricsToken;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new client.Counter({
    name: 'csp_http_requests_total',
    help: 'Gateway requests answered, by method, route template, status and host',
    labelNames: ['method', 'route', 'status', 'host'] as const,
    registers,
  });
  const httpDuration = new client.Histogram({
    name: 'csp_http_request_duration_seconds',
    help: 'Gateway request latency in seconds, by method, route template and host',
    labelNames: ['method', 'route', 'host'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const sandboxBankDecisions = new client.Counter({
    name: 'csp_sandbox_bank_decisions_total',
    help: "The Sandbox Bank's answers to admission tasks, by decision (completed, failed, on_hold)",
    labelNames: ['decision'] as const,
    registers,
  });
  const webhookAttempts = new client.Counter({
    name: 'csp_webhook_attempts_total',
    help: 'Webhook delivery attempts made by this instance, by outcome (succeeded, failed)',
    labelNames: ['outcome'] as const,
    registers,
  });

  const backgroundFailures = new client.Counter({
    name: 'csp_background_failures_total',
    help: "Parts of a background pass that failed and were left for the next pass while the rest went on (a cut-off's currency, a namespace's rollups, a currency's liquidity release), by pass",
    labelNames: ['pass'] as const,
    registers,
  });

  new client.Gauge({
    name: 'csp_db_pool_connections',
    help: 'PostgreSQL connections of this instance, by state (total, idle, waiting requests, max)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const stats = (await getDatabase()).poolStats?.();
      if (!stats) return;
      for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
    },
  });
  return { registry, httpRequests, httpDuration, sandboxBankDecisions, webhookAttempts, backgroundFailures };
}

/** A part of a background pass failed and the pass went on with the rest (a no-op with metrics off). */
export function countBackgroundFailure(
  pass: 'settlement_cutoff' | 'rollup_fold' | 'liquidity_release',
): void {
  metrics()?.backgroundFailures.inc({ pass });
}
