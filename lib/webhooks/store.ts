import { sql } from 'drizzle-orm';
import type { DeliveredEvent } from './body';
import type { Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { eventsQueued } from './outbox';
import { emitEvents } from '@/lib/events/emit';
import { DISABLE_AFTER_MS } from './config';
import { openWebhookSecret } from './secret-at-rest';

export interface Delivery {
  id: string;
  attempts: number;
  seq: number;
  /**
   * The order in which deliveries were created (`dispatch_seq`; 0 for rows older than the column).
   * Dispatch runs one at a time, so it follows commit order, which `seq` does not: an event may
   * commit after one with a higher `seq` was already dispatched.
   */
  dispatched: number;
  event: DeliveredEvent;
}

export interface ClaimedEndpoint {
  id: string;
  /** The lease's end as the database wrote it (text, to the microsecond): proof the lease is ours. */
  lease: string;
  url: string;
  enabled: boolean;
  secrets: string[];
  deliveries: Delivery[];
}

/** The current secret, and the previous one while its rotation grace period lasts (both sign). */
const secretsOf = (webhookId: string, r: Record<string, unknown>) =>
  [String(r.secret), ...(r.previous_valid && r.previous_secret ? [String(r.previous_secret)] : [])]
    .map((stored) => openWebhookSecret(webhookId, stored))
    .filter((s): s is string => s !== undefined);

/** An endpoint `w` no instance holds, with a delivery due. */
const CLAIMABLE = sql`w.deleted_at IS NULL
  AND (w.lease_until IS NULL OR w.lease_until < now())
  AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'pending' AND d.next_attempt_at <= now())`;

/**
 * Whether the deliverer's pump would find work: events to fan out, or an endpoint to claim (the
 * workers' question, lib/workers).
 */
export const deliveryWork = () =>
  sql`(${eventsQueued()} OR EXISTS (SELECT 1 FROM webhooks w WHERE ${CLAIMABLE}))`;

const deliveryColumns = sql`d.id AS delivery_id, d.attempts, d.event_seq, d.dispatch_seq, e.id AS event_id, e.type, e.created_at, e.org_id, e.partner_id, e.data`;

function toDelivery(r: Record<string, unknown>): Delivery {
  return {
    id: String(r.delivery_id),
    attempts: Number(r.attempts),
    seq: Number(r.event_seq),
    dispatched: Number(r.dispatch_seq ?? 0),
    event: {
      id: String(r.event_id),
      type: String(r.type),
      createdAt: new Date(r.created_at as string | Date),
      orgId: String(r.org_id),
      partnerId: String(r.partner_id),
      data: r.data,
    },
  };
}

/**
 * Leases up to `endpoints` endpoints that have due deliveries and no live lease (FOR UPDATE SKIP
 * LOCKED, so instances never take the same one), least recently served first, and returns up to
 * `perEndpoint` of each one's due deliveries in event order — in one statement.
 */
export async function claimEndpoints(
  db: Db,
  opts: { endpoints: number; perEndpoint: number; leaseMs: number; exclude: string[] },
): Promise<ClaimedEndpoint[]> {
  const rows = rowsOf(
    await db.execute(sql`
      WITH picked AS (
        SELECT w.id FROM webhooks w
        WHERE ${CLAIMABLE}
          AND w.id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(opts.exclude)}::jsonb))
        ORDER BY w.lease_until NULLS FIRST
        LIMIT ${opts.endpoints}
        FOR UPDATE OF w SKIP LOCKED
      ), leased AS (
        UPDATE webhooks w SET lease_until = now() + make_interval(secs => ${opts.leaseMs / 1000}) FROM picked WHERE w.id = picked.id
        RETURNING w.id, w.lease_until::text AS lease, w.url, w.enabled, w.secret, w.previous_secret, w.previous_secret_expires_at > now() AS previous_valid
      )
      SELECT l.id AS webhook_id, l.lease, l.url, l.enabled, l.secret, l.previous_secret, l.previous_valid, ${deliveryColumns}
      FROM leased l
      CROSS JOIN LATERAL (
        SELECT id, attempts, event_seq, dispatch_seq FROM webhook_deliveries d
        WHERE d.webhook_id = l.id AND d.status = 'pending' AND d.next_attempt_at <= now()
        ORDER BY d.event_seq LIMIT ${opts.perEndpoint}
      ) d
      JOIN events e ON e.seq = d.event_seq
      ORDER BY l.id, d.event_seq`),
  );
  const byId = new Map<string, ClaimedEndpoint>();
  for (const r of rows) {
    const id = String(r.webhook_id);
    let ep = byId.get(id);
    if (!ep) {
      ep = {
        id,
        lease: String(r.lease),
        url: String(r.url),
        enabled: Boolean(r.enabled),
        secrets: secretsOf(String(r.webhook_id), r),
        deliveries: [],
      };
      byId.set(id, ep);
    }
    ep.deliveries.push(toDelivery(r));
  }
  return [...byId.values()];
}

/**
 * For an instance holding an endpoint's lease (`lease`, as claimed or last renewed): renews it and
 * returns the due deliveries it has not fetched yet, in event order — those after its highest
 * `seq` so far, and those created after its newest delivery so far (`afterDispatched`), so that an
 * event committed late with a lower `seq` is sent next rather than skipped — with the endpoint's
 * current URL and signing secrets (a lane may hold a busy endpoint for long: an edited URL or a
 * rotated secret applies from its next batch). `lease` is null when the lease is no longer ours (another instance
 * took the endpoint after it ran out) or the endpoint is gone or disabled.
 */
export async function renewAndFetch(
  db: Db,
  opts: {
    webhookId: string;
    lease: string;
    afterSeq: number;
    afterDispatched: number;
    perEndpoint: number;
    leaseMs: number;
  },
): Promise<{
  lease: string | null;
  endpoint: { url: string; secrets: string[] } | null;
  deliveries: Delivery[];
}> {
  const rows = rowsOf(
    await db.execute(sql`
      WITH renewed AS (
        UPDATE webhooks SET lease_until = now() + make_interval(secs => ${opts.leaseMs / 1000})
        WHERE id = ${opts.webhookId} AND lease_until = ${opts.lease}::timestamptz AND deleted_at IS NULL AND enabled
        RETURNING id, lease_until::text AS lease, url, secret, previous_secret, previous_secret_expires_at > now() AS previous_valid
      )
      SELECT l.lease, l.url, l.secret, l.previous_secret, l.previous_valid, ${deliveryColumns}
      FROM renewed l
      LEFT JOIN LATERAL (
        SELECT id, attempts, event_seq, dispatch_seq FROM webhook_deliveries d
        WHERE d.webhook_id = l.id AND d.status = 'pending' AND d.next_attempt_at <= now()
          AND (d.event_seq > ${opts.afterSeq} OR coalesce(d.dispatch_seq, 0) > ${opts.afterDispatched})
        ORDER BY d.event_seq LIMIT ${opts.perEndpoint}
      ) d ON true
      LEFT JOIN events e ON e.seq = d.event_seq
      ORDER BY d.event_seq`),
  );
  const r = rows[0];
  return {
    lease: r ? String(r.lease) : null,
    endpoint: r ? { url: String(r.url), secrets: secretsOf(opts.webhookId, r) } : null,
    deliveries: rows.filter((x) => x.delivery_id !== null).map(toDelivery),
  };
}

export interface AttemptRecord {
  id: string;
  deliveryId: string;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** The delivery after this attempt. */
  attempts: number;
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
}

/** Deliveries closed without an attempt (the endpoint was disabled meanwhile). */
export interface Abandoned {
  deliveryId: string;
}

export interface Release {
  webhookId: string;
  /** The lease being released; a lease taken over by another instance meanwhile is left alone. */
  lease: string;
  /** 'ok': the last attempt succeeded; 'failing': it failed, failing since this time at the latest. */
  outcome: { kind: 'ok' } | { kind: 'failing'; since: Date } | { kind: 'none' };
}

/**
 * Writes attempts and their deliveries' new state, then releases endpoints, in one statement: an
 * endpoint is free for another instance only once what was sent to it is on record, so no attempt
 * is made twice. An endpoint failing for 5 days is then disabled, with an event saying so.
 */
export async function writeResults(
  db: Db,
  attempts: AttemptRecord[],
  abandoned: Abandoned[],
  releases: Release[],
): Promise<void> {
  if (!attempts.length && !abandoned.length && !releases.length) return;
  const logged = attempts.map((a) => ({
    id: a.id,
    delivery_id: a.deliveryId,
    attempted_at: a.attemptedAt.toISOString(),
    status_code: a.statusCode,
    latency_ms: a.latencyMs,
    response_excerpt: a.responseExcerpt,
    error: a.error,
  }));
  const updates = [
    ...attempts.map((a) => ({
      id: a.deliveryId,
      attempts: a.attempts,
      code: a.statusCode,
      status: a.status,
      next: a.nextAttemptAt?.toISOString() ?? null,
      attempted: true,
    })),
    ...abandoned.map((a) => ({
      id: a.deliveryId,
      attempts: null,
      code: null,
      status: 'failed',
      next: null,
      attempted: false,
    })),
  ];
  const rel = releases.map((r) => ({
    id: r.webhookId,
    lease: r.lease,
    kind: r.outcome.kind,
    since: r.outcome.kind === 'failing' ? r.outcome.since.toISOString() : null,
  }));
  // One statement commits all three together. A delivery no longer pending (failed by
  // deleteWebhook meanwhile) keeps its state; its attempt is still logged.
  const failing = rowsOf(
    await db.execute(sql`
      WITH logged AS (
        INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(logged)}::jsonb)
          AS a(id text, delivery_id text, attempted_at timestamptz, status_code int, latency_ms int, response_excerpt text, error text)
        RETURNING 1
      ), updated AS (
        UPDATE webhook_deliveries d SET
          attempts = COALESCE(v.attempts, d.attempts),
          last_status_code = CASE WHEN v.attempted THEN v.code ELSE d.last_status_code END,
          status = v.status,
          next_attempt_at = COALESCE(v.next, d.next_attempt_at),
          updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(id text, attempts int, code int, status text, next timestamptz, attempted boolean)
        WHERE d.id = v.id AND d.status = 'pending'
        RETURNING 1
      ), released AS (
        UPDATE webhooks w SET
          lease_until = now(),
          failing_since = CASE v.kind WHEN 'ok' THEN NULL WHEN 'failing' THEN COALESCE(w.failing_since, v.since) ELSE w.failing_since END
        FROM jsonb_to_recordset(${JSON.stringify(rel)}::jsonb) AS v(id text, lease timestamptz, kind text, since timestamptz)
        WHERE w.id = v.id AND w.lease_until = v.lease
        RETURNING w.id, w.enabled, w.failing_since
      )
      SELECT id FROM released WHERE enabled AND failing_since <= now() - make_interval(secs => ${DISABLE_AFTER_MS / 1000})`),
  );
  if (failing.length)
    await disable(
      db,
      failing.map((r) => String(r.id)),
    );
}

/** Disables endpoints failing for 5 days; `webhook.disabled` tells the namespace. */
async function disable(db: Db, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(sql`
        UPDATE webhooks SET enabled = false, disabled_reason = 'Disabled after 5 days of failed deliveries', updated_at = now()
        WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) AND enabled
        RETURNING id, org_id, partner_id, url`),
    );
    await emitEvents(
      tx,
      rows.map((d) => ({
        type: 'webhook.disabled' as const,
        orgId: String(d.org_id),
        partnerId: String(d.partner_id),
        data: { webhook_id: String(d.id), url: String(d.url) },
      })),
    );
  });
}
