import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/api/context';
import { schema } from '@/lib/db';
import { newWebhookSecret } from '@/lib/auth/secrets';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/api/schemas';
import { assertSafeTarget } from '@/lib/webhooks/ssrf';
import { SUBSCRIBABLE_EVENT_TYPES } from '@/lib/events/types';
import { emitEvent } from '../events/emit';
import { pageOffset, requireNamespace } from '../guards';

const { webhooks, webhookDeliveries, webhookAttempts } = schema;
type WebhookRow = typeof webhooks.$inferSelect;

export const SUBSCRIBABLE = SUBSCRIBABLE_EVENT_TYPES;
const ROTATION_GRACE_MS = 24 * 3600 * 1000;

export function serializeWebhook(w: WebhookRow, secret?: string) {
  return {
    token: w.id,
    partner_id: w.partnerId,
    url: w.url,
    description: w.description,
    event_types: w.eventTypes,
    enabled: w.enabled,
    disabled_reason: w.disabledReason,
    failing_since: w.failingSince ? toSeconds(w.failingSince) : null,
    ...(secret ? { secret } : {}),
    created_at: toSeconds(w.createdAt),
    updated_at: toSeconds(w.updatedAt),
  };
}

function checkTypes(types: string[]) {
  if (types.length === 0) throw new ValidationError('event_types must name at least one type, or "*"');
  const unknown = types.filter((t) => t !== '*' && !(SUBSCRIBABLE as readonly string[]).includes(t));
  if (unknown.length) throw new ValidationError(`event_types: unknown type ${unknown.join(', ')}`);
  return types.includes('*') ? ['*'] : [...new Set(types)];
}

export async function createWebhook(ctx: ServiceContext, input: { url: string; event_types: string[]; description?: string }) {
  const ns = requireNamespace(ctx);
  const eventTypes = checkTypes(input.event_types);
  await assertSafeTarget(input.url);
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .insert(webhooks)
    .values({ id: newId('wh'), orgId: ns.orgId, partnerId: ns.id, url: input.url, description: input.description ?? '', eventTypes, secret })
    .returning();
  return serializeWebhook(row!, secret);
}

export async function listWebhooks(ctx: ServiceContext, q: { page: number; limit: number }) {
  const ns = requireNamespace(ctx);
  const cond = and(eq(webhooks.partnerId, ns.id), isNull(webhooks.deletedAt));
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(webhooks).where(cond).orderBy(desc(webhooks.createdAt), desc(webhooks.id)).limit(q.limit).offset(pageOffset(q.page, q.limit)),
    ctx.db.select({ n: count() }).from(webhooks).where(cond),
  ]);
  return { count: total!.n, webhooks: rows.map((w) => serializeWebhook(w)) };
}

async function getWebhookOrThrow(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  const [row] = await ctx.db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.partnerId, ns.id), isNull(webhooks.deletedAt))).limit(1);
  if (!row) throw new NotFoundError(`Webhook ${id} not found`);
  return row;
}

export async function getWebhook(ctx: ServiceContext, id: string) {
  return serializeWebhook(await getWebhookOrThrow(ctx, id));
}

export async function updateWebhook(ctx: ServiceContext, id: string, input: { url?: string; event_types?: string[]; description?: string; enabled?: boolean }) {
  await getWebhookOrThrow(ctx, id);
  if (input.url) await assertSafeTarget(input.url);
  const [row] = await ctx.db
    .update(webhooks)
    .set({
      ...(input.url ? { url: input.url } : {}),
      ...(input.event_types ? { eventTypes: checkTypes(input.event_types) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      // Re-enabling clears the failure record.
      ...(input.enabled !== undefined ? { enabled: input.enabled, ...(input.enabled ? { disabledReason: null, failingSince: null } : {}) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhooks.id, id))
    .returning();
  return serializeWebhook(row!);
}

/** Deletion is final for delivery: pending deliveries are failed and nothing more is sent. */
export async function deleteWebhook(ctx: ServiceContext, id: string) {
  await getWebhookOrThrow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(webhooks).set({ deletedAt: new Date(), enabled: false, updatedAt: new Date() }).where(eq(webhooks.id, id));
    await tx.update(webhookDeliveries).set({ status: 'failed', updatedAt: new Date() }).where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.status, 'pending')));
  });
  return {};
}

export async function rotateWebhookSecret(ctx: ServiceContext, id: string) {
  const current = await getWebhookOrThrow(ctx, id);
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .update(webhooks)
    .set({ secret, previousSecret: current.secret, previousSecretExpiresAt: new Date(Date.now() + ROTATION_GRACE_MS), updatedAt: new Date() })
    .where(eq(webhooks.id, id))
    .returning();
  return serializeWebhook(row!, secret);
}

export async function listDeliveries(ctx: ServiceContext, id: string, q: { status?: 'pending' | 'succeeded' | 'failed'; page: number; limit: number }) {
  await getWebhookOrThrow(ctx, id);
  const where: SQL[] = [eq(webhookDeliveries.webhookId, id)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(webhookDeliveries).where(cond).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(q.limit).offset(pageOffset(q.page, q.limit)),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(cond),
  ]);
  const attempts = rows.length
    ? await ctx.db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id))).orderBy(webhookAttempts.attemptedAt)
    : [];
  return {
    count: total!.n,
    deliveries: rows.map((d) => ({
      token: d.id,
      webhook_id: d.webhookId,
      event_id: d.eventId,
      event_type: d.eventType,
      status: d.status,
      attempts: d.attempts,
      last_status_code: d.lastStatusCode,
      next_attempt_at: d.status === 'pending' ? toSeconds(d.nextAttemptAt) : null,
      created_at: toSeconds(d.createdAt),
      attempt_log: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({ attempted_at: toSeconds(a.attemptedAt), status_code: a.statusCode, latency_ms: a.latencyMs, response_excerpt: a.responseExcerpt, error: a.error })),
    })),
  };
}

/** Sends a delivery again now, whatever its state (a manual replay). */
export async function retryDelivery(ctx: ServiceContext, id: string, deliveryId: string) {
  const hook = await getWebhookOrThrow(ctx, id);
  if (!hook.enabled) throw new ConflictError('The webhook is disabled; enable it first');
  const rows = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, id)))
    .returning({ id: webhookDeliveries.id });
  if (rows.length === 0) throw new NotFoundError(`Delivery ${deliveryId} not found`);
  return { token: deliveryId, status: 'pending' as const };
}

/** A `webhook.test` event for this endpoint only, through the normal outbox and delivery. */
export async function sendTestEvent(ctx: ServiceContext, id: string) {
  const hook = await getWebhookOrThrow(ctx, id);
  const eventId = await emitEvent(ctx.db, { type: 'webhook.test', orgId: hook.orgId, partnerId: hook.partnerId, data: { webhook_id: hook.id, message: 'This is a test event' } });
  return { event_id: eventId };
}
