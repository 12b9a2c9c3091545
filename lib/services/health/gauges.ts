import client from 'prom-client';
import type { Db } from '@/lib/db';
import {
  auditTrailHealth,
  BACKLOG_COUNT_CAP,
  FAILING_LIST_CAP,
  failingEndpoints,
  failingSettlements,
  lastCutoff,
  outboxOldestAgeSeconds,
  webhookBacklog,
} from './signals';

const registered = new WeakSet<client.Registry>();

/**
 * The network's figures as gauges of `registry` (once per registry), read at scrape time so every
 * instance reports the network's state and a dashboard may take any one of them: outbox lag,
 * webhook backlog, failing and disabled endpoints, the last cut-off, the audit trail's upkeep.
 */
export function registerHealthGauges(registry: client.Registry, db: () => Promise<Db>): void {
  if (registered.has(registry)) return;
  registered.add(registry);
  const registers = [registry];
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
    name: 'csp_settlement_currency_failing',
    help: 'Currencies whose latest batch (of the last day) failed, each 1 (a cut-off settles the other currencies)',
    labelNames: ['currency'] as const,
    registers,
    async collect() {
      const failing = await failingSettlements(await db());
      this.reset();
      for (const f of failing) this.set({ currency: f.currency }, 1);
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
}
