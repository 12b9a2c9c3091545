import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { config } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import {
  auditTrailHealth,
  BACKLOG_COUNT_CAP,
  FAILING_LIST_CAP,
  failingEndpoints,
  lastCutoff,
  outboxOldestAgeSeconds,
  webhookBacklog,
} from '@/lib/services/health/signals';

/**
 * Prometheus metrics of one instance (prom-client), collected only when `METRICS_TOKEN` is set.
 * Labels hold route templates, methods, statuses, the host and opaque endpoint ids — never a
 * tenant's names, addresses, amounts or secrets. Figures read from the database (outbox lag,
 * webhook backlog, failing endpoints, the last cut-off, the pool) are read at scrape time, so
 * every instance reports the network's state and a dashboard may take any one of them.
 */
export interface Metrics {
  registry: client.Registry;
  httpRequests: client.Counter<'method' | 'route' | 'status' | 'host'>;
  httpDuration: client.Histogram<'method' | 'route' | 'host'>;
  sandboxBankDecisions: client.Counter<'decision'>;
  webhookAttempts: client.Counter<'outcome'>;
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
  const db = async () => (await getDatabase()).db;
  new client.Gauge({
    name: 'csp_outbox_oldest_event_age_seconds',
    help: 'Age of the oldest event not yet fanned out to webhooks (0 when none waits)',
    registers,
    async collect() {
      this.set(await outboxOldestAgeSeconds(await db()));
    },
  });
  new client.Gauge({
    name: 'csp_audit_unchained_oldest_age_seconds',
    help: 'Age of the oldest audit trail entry not yet chained (0 when none waits; the sealer runs every second)',
    registers,
    async collect() {
      this.set((await auditTrailHealth(await db())).unchained_oldest_age_seconds);
    },
  });
  new client.Gauge({
    name: 'csp_webhook_backlog',
    help: `Webhook deliveries pending (sent or retried later), counted up to ${BACKLOG_COUNT_CAP}`,
    registers,
    async collect() {
      this.set((await webhookBacklog(await db())).pending);
    },
  });
  // Each gauge reads its own figures: prom-client collects the gauges of a scrape concurrently.
  new client.Gauge({
    name: 'csp_webhook_endpoint_failing_seconds',
    help: `How long each failing webhook endpoint (by its opaque id) has been failing, up to ${FAILING_LIST_CAP} endpoints`,
    labelNames: ['endpoint'] as const,
    registers,
    async collect() {
      const endpoints = await failingEndpoints(await db());
      this.reset();
      for (const e of endpoints) if (!e.disabled) this.set({ endpoint: e.webhook_id }, e.failing_seconds);
    },
  });
  new client.Gauge({
    name: 'csp_webhook_endpoints_disabled',
    help: 'Webhook endpoints disabled after failing for too long',
    registers,
    async collect() {
      this.set((await failingEndpoints(await db())).filter((e) => e.disabled).length);
    },
  });
  new client.Gauge({
    name: 'csp_settlement_last_cutoff',
    help: 'The last completed cut-off: its time (Unix seconds), duration (seconds), transactions and batches',
    labelNames: ['measure'] as const,
    registers,
    async collect() {
      const last = await lastCutoff(await db());
      if (!last) return;
      this.set({ measure: 'timestamp_seconds' }, last.cutoff_time);
      this.set({ measure: 'duration_seconds' }, last.duration_seconds);
      this.set({ measure: 'transactions' }, last.transactions);
      this.set({ measure: 'batches' }, last.batches);
    },
  });

  return { registry, httpRequests, httpDuration, sandboxBankDecisions, webhookAttempts };
}
