import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { logger } from '@/lib/api/logger';
import { emitEvent } from '@/lib/services/events/emit';
import { signatureHeader } from './sign';
import { assertSafeTarget } from './ssrf';

const { events, webhooks, webhookDeliveries, webhookAttempts } = schema;

/** Seconds before attempt 2, 3, …; after the last, the delivery is failed (DESIGN §9). */
export const RETRY_SCHEDULE = (process.env.WEBHOOK_RETRY_SCHEDULE || '5,300,1800,7200,18000,36000,36000').split(',').map(Number);
const TIMEOUT_MS = Number(process.env.WEBHOOK_TIMEOUT_MS || 15_000);
const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
const LOCK_MS = TIMEOUT_MS + 15_000;
const MAX_IN_FLIGHT = 32;

/** Exponential back-off from the schedule, with ±20 % jitter. */
export function nextDelayMs(attempts: number): number | null {
  const base = RETRY_SCHEDULE[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * 1000 * (0.8 + Math.random() * 0.4));
}

/**
 * Fans new outbox events out to the webhooks subscribed at that moment, in one transaction per
 * batch; events are claimed with SKIP LOCKED so instances share the work without doubling it.
 */
export async function dispatchEvents(db: Db, batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.select().from(events).where(eq(events.dispatched, false)).orderBy(asc(events.seq)).limit(batch).for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const partners = [...new Set(due.map((e) => e.partnerId))];
    const hooks = await tx.select().from(webhooks).where(and(inArray(webhooks.partnerId, partners), isNull(webhooks.deletedAt), eq(webhooks.enabled, true)));
    const rows: Array<typeof webhookDeliveries.$inferInsert> = [];
    for (const e of due) {
      for (const h of hooks) {
        // Only endpoints that existed when the event happened receive it.
        if (h.partnerId !== e.partnerId || h.createdAt > e.createdAt) continue;
        const wanted =
          e.type === 'webhook.test' ? (e.data as { webhook_id?: string }).webhook_id === h.id : h.eventTypes.includes('*') || h.eventTypes.includes(e.type);
        if (wanted) rows.push({ id: newId('dlv'), webhookId: h.id, eventId: e.id, eventSeq: e.seq, partnerId: e.partnerId, eventType: e.type });
      }
    }
    if (rows.length) await tx.insert(webhookDeliveries).values(rows);
    await tx.update(events).set({ dispatched: true }).where(inArray(events.seq, due.map((e) => e.seq)));
    return due.length;
  });
}

interface Claimed {
  delivery: typeof webhookDeliveries.$inferSelect;
  hook: typeof webhooks.$inferSelect;
  event: typeof events.$inferSelect;
}

/** Claims due deliveries (SKIP LOCKED + a lease), so each attempt is made by one instance only. */
async function claim(db: Db, limit: number): Promise<Claimed[]> {
  const now = new Date();
  const ids = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.nextAttemptAt} <= now()`, or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now))))
      .orderBy(asc(webhookDeliveries.eventSeq))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx.update(webhookDeliveries).set({ lockedUntil: new Date(now.getTime() + LOCK_MS) }).where(inArray(webhookDeliveries.id, due.map((d) => d.id)));
    return due.map((d) => d.id);
  });
  if (ids.length === 0) return [];
  const rows = await db
    .select({ delivery: webhookDeliveries, hook: webhooks, event: events })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(asc(webhookDeliveries.eventSeq));
  return rows;
}

/**
 * Sends due deliveries. Each endpoint's deliveries go out in event order, endpoints in parallel
 * (at most 32 requests in flight), so a slow endpoint does not hold up the others.
 */
export async function sendDueDeliveries(db: Db, limit = 200): Promise<number> {
  const claimed = await claim(db, limit);
  if (claimed.length === 0) return 0;
  const byHook = new Map<string, Claimed[]>();
  for (const c of claimed) byHook.set(c.hook.id, [...(byHook.get(c.hook.id) ?? []), c]);
  const queues = [...byHook.values()];
  let next = 0;
  const lanes = Array.from({ length: Math.min(MAX_IN_FLIGHT, queues.length) }, async () => {
    while (next < queues.length) {
      const q = queues[next++]!;
      for (const c of q) await attempt(db, c);
    }
  });
  await Promise.all(lanes);
  return claimed.length;
}

async function attempt(db: Db, { delivery, hook, event }: Claimed): Promise<void> {
  if (hook.deletedAt || !hook.enabled) {
    await db.update(webhookDeliveries).set({ status: 'failed', lockedUntil: null, updatedAt: new Date() }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const body = JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt.toISOString(), org_id: event.orgId, partner_id: event.partnerId, data: event.data });
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = [hook.secret, ...(hook.previousSecret && hook.previousSecretExpiresAt && hook.previousSecretExpiresAt > new Date() ? [hook.previousSecret] : [])];
  const started = performance.now();
  let statusCode: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    await assertSafeTarget(hook.url);
    const res = await fetch(hook.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'csp-gateway-webhooks/0.1',
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, event.id, timestamp, body),
      },
      body,
    });
    statusCode = res.status;
    excerpt = (await res.text().catch(() => '')).slice(0, 1024);
  } catch (err) {
    error = (err as Error).name === 'TimeoutError' ? `timed out after ${TIMEOUT_MS} ms` : (err as Error).message.slice(0, 500);
  }
  const latencyMs = Math.round(performance.now() - started);
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const attempts = delivery.attempts + 1;
  const delay = ok ? null : nextDelayMs(attempts);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ id: newId('att'), deliveryId: delivery.id, attemptedAt: now, statusCode, latencyMs, responseExcerpt: excerpt, error });
    await tx
      .update(webhookDeliveries)
      .set({
        attempts,
        lastStatusCode: statusCode,
        lockedUntil: null,
        updatedAt: now,
        status: ok ? 'succeeded' : delay === null ? 'failed' : 'pending',
        ...(delay !== null ? { nextAttemptAt: new Date(now.getTime() + delay) } : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (ok) {
      if (hook.failingSince) await tx.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, hook.id));
      return;
    }
    const failingSince = hook.failingSince ?? now;
    if (!hook.failingSince) await tx.update(webhooks).set({ failingSince: now }).where(eq(webhooks.id, hook.id));
    // An endpoint failing for 5 days is disabled, with an event saying so.
    if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      await tx.update(webhooks).set({ enabled: false, disabledReason: 'Disabled after 5 days of failed deliveries', updatedAt: now }).where(eq(webhooks.id, hook.id));
      await emitEvent(tx, { type: 'webhook.disabled', orgId: hook.orgId, partnerId: hook.partnerId, data: { webhook_id: hook.id, url: hook.url } });
    }
  });
  if (!ok) logger.info({ webhook: hook.id, delivery: delivery.id, statusCode, error, attempts }, 'webhook delivery failed');
}

/** One worker pass: fan out, then send. */
export async function runWebhookPass(db: Db): Promise<void> {
  await dispatchEvents(db);
  await sendDueDeliveries(db);
}
