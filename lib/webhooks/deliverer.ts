import pg from 'pg';
import { deliveryBody } from './body';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/ids';
import { logger } from '@/lib/log/logger';
import { listenChannel } from '@/lib/db/listen';
import { config } from '@/lib/config';
import { EVENTS_CHANNEL } from '@/lib/events/emit';
import {
  CLAIM_PER_ENDPOINT,
  CONCURRENCY,
  ENDPOINT_IN_FLIGHT,
  LEASE_MARGIN_MS,
  LEASE_MS,
  TIMEOUT_MS,
  nextDelayMs,
} from './config';
import { dispatchEvents } from './outbox';
import { postDelivery } from './send';
import { isInbox, keepInInbox } from './inbox';
import { signatureHeader } from './sign';
import { metrics } from '@/lib/metrics/metrics';
import {
  claimEndpoints,
  renewAndFetch,
  writeResults,
  type Abandoned,
  type AttemptRecord,
  type ClaimedEndpoint,
  type Delivery,
  type Release,
} from './store';

const UNSIGNABLE = {
  statusCode: null,
  excerpt: null,
  error: "the endpoint's signing secret cannot be opened with this AUTH_SECRET; rotate the secret",
  latencyMs: 0,
};

const FLUSH_EVERY_MS = 100;
const FLUSH_AT = 500;
const PUMP_GAP_MS = 25;
// PGlite runs no autovacuum or autoanalyze. Without statistics its planner reads the whole pending
// index (dead rows included) on every claim; with them it uses index scans, which skip dead rows.
// ANALYZE samples, so it stays short; VACUUM, which blocks PGlite (and so this process) for as long
// as it reads the tables, runs rarely. PostgreSQL's autovacuum does both by itself.
const ANALYZE_EVERY_ATTEMPTS = 5_000;
const VACUUM_EVERY_ATTEMPTS = 200_000;
const LINGER_MS = 250;

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export interface DelivererOptions {
  concurrency?: number;
  perEndpoint?: number;
  perEndpointInFlight?: number;
  timeoutMs?: number;
  allowPrivate?: boolean;
}

/**
 * Webhook delivery for one process. A pump fans new events out and leases free endpoints; each
 * leased endpoint gets a lane that sends its deliveries one at a time in event order, so a slow
 * endpoint holds up only itself. Results are written in batches, and an endpoint is released only
 * after its results are on record. The pump runs when poked: by a notification on EVENTS_CHANNEL
 * (events committed, on any instance), by a lane finishing, and by the poll worker.
 */
export class WebhookDeliverer {
  private readonly lanes = new Map<string, Promise<void>>();
  private pumping = false;
  private again = false;
  private stopped = false;
  private attempts: AttemptRecord[] = [];
  private abandoned: Abandoned[] = [];
  private releases: Release[] = [];
  private waiters: Array<() => void> = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  /** Resolved whenever new deliveries have been created, then replaced. */
  private dispatched = signal();
  private readonly vacuums: boolean;
  private sinceAnalyze = 0;
  private sinceVacuum = 0;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly perEndpointInFlight: number;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly allowPrivate: boolean;

  constructor(
    private readonly db: Db,
    opts: DelivererOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? CONCURRENCY;
    this.perEndpoint = opts.perEndpoint ?? CLAIM_PER_ENDPOINT;
    this.perEndpointInFlight = opts.perEndpointInFlight ?? ENDPOINT_IN_FLIGHT;
    this.timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
    this.leaseMs = opts.timeoutMs ? opts.timeoutMs + Math.max(5_000, opts.timeoutMs) : LEASE_MS;
    this.allowPrivate = opts.allowPrivate ?? config.webhookAllowPrivate;
    this.vacuums = !((db as unknown as { $client: unknown }).$client instanceof pg.Pool);
  }

  /** Listens for committed events; without it delivery still runs on every poke (the poll). */
  async listen(): Promise<void> {
    try {
      // Once listening (again), a pass for anything committed while not listening.
      this.unlisten = await listenChannel(this.db, EVENTS_CHANNEL, {
        notify: () => this.poke(),
        up: () => this.poke(),
      });
    } catch (err) {
      logger.warn({ err }, 'webhook delivery: no LISTEN, polling only');
    }
  }

  /** Runs the pump now, or once more right after the current run. */
  poke(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    void this.pump();
  }

  /** Stops taking work, lets the lanes finish their current attempt, writes what is pending. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.().catch(() => {});
    await Promise.allSettled([...this.lanes.values()]);
    await this.flush();
  }

  /** For tests and benchmarks: resolves when nothing is in flight or buffered. */
  async idle(): Promise<void> {
    while (this.pumping || this.lanes.size || this.flushing || this.attempts.length || this.releases.length) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (;;) {
        this.again = false;
        const dispatched = await dispatchEvents(this.db);
        const free = this.concurrency - this.lanes.size;
        if (free > 0) {
          const claimedAt = Date.now();
          const claimed = await claimEndpoints(this.db, {
            endpoints: free,
            perEndpoint: this.perEndpoint,
            leaseMs: this.leaseMs,
            exclude: [...this.lanes.keys()],
          });
          for (const ep of claimed) this.lanes.set(ep.id, this.lane(ep, claimedAt + this.leaseMs));
          if (claimed.length === free) this.again = true;
        }
        if (dispatched > 0) {
          this.again = true;
          this.dispatched.resolve();
          this.dispatched = signal();
        }
        if (!this.again || this.stopped) break;
        // Under a stream of commits, one pass per few milliseconds takes them in batches.
        await new Promise((r) => setTimeout(r, PUMP_GAP_MS));
      }
    } catch (err) {
      logger.error({ err }, 'webhook delivery pass failed');
    } finally {
      this.pumping = false;
    }
  }

  /**
   * Sends an endpoint's deliveries one at a time in event order. While this instance has lanes to
   * spare, the lane keeps the endpoint and fetches its next deliveries (renewing the lease) during
   * the current batch, so a busy endpoint never waits for a release and a new claim.
   */
  private async lane(ep: ClaimedEndpoint, deadline: number): Promise<void> {
    let outcome: Release['outcome'] = { kind: 'none' };
    let batch: Delivery[] = ep.deliveries;
    let afterSeqSoFar = 0;
    let afterDispatchedSoFar = 0;
    try {
      while (batch.length) {
        // What this lane has fetched: up to this seq, among the deliveries created up to this one.
        const afterSeq = Math.max(afterSeqSoFar, ...batch.map((d) => d.seq));
        const afterDispatched = Math.max(afterDispatchedSoFar, ...batch.map((d) => d.dispatched));
        afterSeqSoFar = afterSeq;
        afterDispatchedSoFar = afterDispatched;
        const fetchedAt = Date.now();
        // The lease renewal that also fetches this lane's next events, past what it has read.
        const renewal = () => ({
          webhookId: ep.id,
          lease: ep.lease,
          afterSeq,
          afterDispatched,
          perEndpoint: this.perEndpoint,
          leaseMs: this.leaseMs,
        });
        const next =
          ep.enabled && !this.stopped && this.lanes.size < this.concurrency
            ? renewAndFetch(this.db, renewal()).catch((err) => {
                logger.error({ err, webhook: ep.id }, 'webhook lease renewal failed');
                return { lease: null, endpoint: null, deliveries: [] as Delivery[] };
              })
            : null;
        let finished = true;
        const inFlight = new Set<Promise<void>>();
        for (const d of batch) {
          if (!ep.enabled) {
            this.abandoned.push({ deliveryId: d.id });
            continue;
          }
          // Start an attempt only if its result can be written while the lease still holds.
          if (this.stopped || Date.now() + this.timeoutMs + LEASE_MARGIN_MS > deadline) {
            finished = false;
            break;
          }
          const sent: Promise<void> = this.attempt(ep, d)
            .then((a) => {
              metrics()?.webhookAttempts.inc({ outcome: a.status === 'succeeded' ? 'succeeded' : 'failed' });
              if (a.status === 'succeeded') outcome = { kind: 'ok' };
              else if (outcome.kind !== 'failing') outcome = { kind: 'failing', since: a.attemptedAt };
              this.attempts.push(a);
              this.scheduleFlush(this.attempts.length >= FLUSH_AT ? 0 : FLUSH_EVERY_MS);
            })
            // Not recorded: the delivery stays pending and is sent again later.
            .catch((err) => logger.error({ err, delivery: d.id }, 'webhook attempt failed'))
            .finally(() => inFlight.delete(sent));
          inFlight.add(sent);
          // One at a time by default: the endpoint sees its events in order.
          if (inFlight.size >= this.perEndpointInFlight) await Promise.race(inFlight);
        }
        await Promise.all(inFlight);
        // Awaited even when unused, so its lease renewal cannot land after the release.
        const fetched = next ? await next : null;
        if (fetched?.lease) ep.lease = fetched.lease;
        if (fetched?.endpoint) Object.assign(ep, fetched.endpoint);
        batch = finished && fetched ? fetched.deliveries : [];
        if (fetched?.lease && finished && !batch.length && !this.stopped) {
          // Caught up: hold the endpoint a moment for the next events instead of releasing it and
          // claiming it again (a claim reads more than this lane's own range of the index).
          await Promise.race([this.dispatched.promise, new Promise((r) => setTimeout(r, LINGER_MS))]);
          const again = await renewAndFetch(this.db, renewal());
          if (again.lease) ep.lease = again.lease;
          if (again.endpoint) Object.assign(ep, again.endpoint);
          batch = again.deliveries;
        }
        if (batch.length) deadline = fetchedAt + this.leaseMs;
      }
    } catch (err) {
      logger.error({ err, webhook: ep.id }, 'webhook delivery lane failed');
    } finally {
      await new Promise<void>((resolve) => {
        this.releases.push({ webhookId: ep.id, lease: ep.lease, outcome });
        this.waiters.push(resolve);
        this.scheduleFlush(0);
      });
      this.lanes.delete(ep.id);
      this.poke();
    }
  }

  private async attempt(ep: ClaimedEndpoint, d: Delivery): Promise<AttemptRecord> {
    const e = d.event;
    const body = deliveryBody(e);
    const timestamp = Math.floor(Date.now() / 1000);
    const attemptedAt = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'csp-gateway-webhooks/0.1',
      'webhook-id': e.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(ep.secrets, e.id, timestamp, body),
    };
    // A secret sealed under another AUTH_SECRET cannot be opened: nothing is sent unsigned.
    const res =
      ep.secrets.length === 0
        ? UNSIGNABLE
        : isInbox(ep.url)
          ? await keepInInbox(
              this.db,
              { webhookId: ep.id, secret: ep.secrets[0]! },
              { id: d.id, eventId: e.id, eventType: e.type },
              headers,
              body,
            )
          : await postDelivery(ep.url, headers, body, {
              timeoutMs: this.timeoutMs,
              allowPrivate: this.allowPrivate,
            });
    const ok = res.statusCode !== null && res.statusCode >= 200 && res.statusCode < 300;
    const attempts = d.attempts + 1;
    const delay = ok ? null : nextDelayMs(attempts);
    if (!ok)
      logger.info(
        { webhook: ep.id, delivery: d.id, statusCode: res.statusCode, error: res.error, attempts },
        'webhook delivery failed',
      );
    return {
      id: newId('att'),
      deliveryId: d.id,
      attemptedAt,
      statusCode: res.statusCode,
      latencyMs: res.latencyMs,
      responseExcerpt: res.excerpt,
      error: res.error,
      attempts,
      status: ok ? 'succeeded' : delay === null ? 'failed' : 'pending',
      nextAttemptAt: delay === null ? null : new Date(Date.now() + delay),
    };
  }

  private scheduleFlush(inMs: number): void {
    if (this.flushTimer && inMs > 0) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, inMs);
  }

  /** Writes everything buffered; one write at a time, later entries go in the next one. */
  private async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.attempts.length && !this.abandoned.length && !this.releases.length) return;
    const attempts = this.attempts.splice(0);
    const abandoned = this.abandoned.splice(0);
    const releases = this.releases.splice(0);
    const waiters = this.waiters.splice(0);
    this.flushing = writeResults(this.db, attempts, abandoned, releases)
      .then(() => this.maybeVacuum(attempts.length))
      .catch((err) => {
        // The leases run out and the deliveries are sent again: at least once holds.
        logger.error({ err, attempts: attempts.length }, 'webhook results not written');
      })
      .finally(() => {
        this.flushing = null;
        waiters.forEach((w) => w());
        if (this.attempts.length || this.abandoned.length || this.releases.length) this.scheduleFlush(0);
      });
    await this.flushing;
  }

  private async maybeVacuum(written: number): Promise<void> {
    if (!this.vacuums) return;
    this.sinceAnalyze += written;
    this.sinceVacuum += written;
    if (this.sinceVacuum >= VACUUM_EVERY_ATTEMPTS) {
      this.sinceVacuum = this.sinceAnalyze = 0;
      await this.db
        .execute(sql`VACUUM (ANALYZE) webhook_deliveries, event_queue`)
        .catch((err) => logger.warn({ err }, 'webhook tables not vacuumed'));
    } else if (this.sinceAnalyze >= ANALYZE_EVERY_ATTEMPTS) {
      this.sinceAnalyze = 0;
      await this.db
        .execute(sql`ANALYZE webhook_deliveries, webhooks, event_queue`)
        .catch((err) => logger.warn({ err }, 'webhook tables not analyzed'));
    }
  }
}
