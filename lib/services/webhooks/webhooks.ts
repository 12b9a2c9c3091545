import { and, asc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { deliveryBody } from '@/lib/webhooks/body';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { newWebhookSecret } from '@/lib/auth/secrets';
import { sealWebhookSecret } from '@/lib/webhooks/secret-at-rest';
import { ConflictError, NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { assertSafeTarget } from '@/lib/webhooks/ssrf';
import { SUBSCRIBABLE_EVENT_TYPES } from '@/lib/events/types';
import { recordAudit } from '../audit/record';
import { emitEvent } from '../events/emit';
import { requireNamespace } from '../guards';
import { keysetCsv } from '../export';
import { byTime, inOrder, keysetPage, queryFetch } from '../paging';
import type {
  CreateWebhookBody,
  ListWebhookDeliveriesQuery,
  ListWebhooksQuery,
  UpdateWebhookBody,
  WebhookDeliveryFilters,
} from '@/lib/schemas/webhooks';

const { webhooks, webhookDeliveries, webhookAttempts, events } = schema;

/** A namespace's webhooks, newest first. */
const WEBHOOKS_NEWEST_FIRST = byTime(webhooks.createdAt, webhooks.id, 'desc');
/** An endpoint's deliveries, newest first (indexes webhook_deliveries_webhook_idx and …_status_idx). */
const DELIVERIES_NEWEST_FIRST = byTime(webhookDeliveries.createdAt, webhookDeliveries.id, 'desc');
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

const audited = (w: WebhookRow) => ({
  url: w.url,
  description: w.description,
  event_types: w.eventTypes,
  enabled: w.enabled,
});
const target = (w: WebhookRow) => ({ type: 'webhook', id: w.id });

export async function createWebhook(ctx: ServiceContext, input: CreateWebhookBody) {
  const ns = requireNamespace(ctx);
  const eventTypes = checkTypes(input.event_types);
  await assertSafeTarget(input.url);
  const secret = newWebhookSecret();
  const id = newId('wh');
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhooks)
      .values({
        id,
        orgId: ns.orgId,
        partnerId: ns.id,
        url: input.url,
        description: input.description ?? '',
        eventTypes,
        secret: sealWebhookSecret(id, secret),
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'webhook.created',
      target: target(created!),
      after: audited(created!),
    });
    return created!;
  });
  return serializeWebhook(row, secret);
}

export async function listWebhooks(ctx: ServiceContext, q: ListWebhooksQuery) {
  const ns = requireNamespace(ctx);
  const cond = and(eq(webhooks.partnerId, ns.id), isNull(webhooks.deletedAt));
  const { rows, page } = await keysetPage(
    WEBHOOKS_NEWEST_FIRST,
    q,
    queryFetch<{ row: WebhookRow }>(
      ctx.db,
      WEBHOOKS_NEWEST_FIRST,
      cond,
      (keys) => ctx.db.select({ row: webhooks, keys }).from(webhooks).$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(webhooks)
          .$dynamic(),
    ),
  );
  return { ...page, webhooks: rows.map((r) => serializeWebhook(r.row)) };
}

async function getWebhookOrThrow(ctx: ServiceContext, id: string) {
  const ns = requireNamespace(ctx);
  const [row] = await ctx.db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.partnerId, ns.id), isNull(webhooks.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(`Webhook ${id} not found`);
  return row;
}

export async function getWebhook(ctx: ServiceContext, id: string) {
  return serializeWebhook(await getWebhookOrThrow(ctx, id));
}

export async function updateWebhook(ctx: ServiceContext, id: string, input: UpdateWebhookBody) {
  const current = await getWebhookOrThrow(ctx, id);
  if (input.url) await assertSafeTarget(input.url);
  const eventTypes = input.event_types ? checkTypes(input.event_types) : undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhooks)
      .set({
        ...(input.url ? { url: input.url } : {}),
        ...(eventTypes ? { eventTypes } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        // Re-enabling clears the failure record.
        ...(input.enabled !== undefined
          ? { enabled: input.enabled, ...(input.enabled ? { disabledReason: null, failingSince: null } : {}) }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhooks.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'webhook.updated',
      target: target(current),
      before: audited(current),
      after: audited(updated!),
      edit: true,
    });
    return updated!;
  });
  return serializeWebhook(row);
}

/** Deletion is final for delivery: pending deliveries are failed and nothing more is sent. */
export async function deleteWebhook(ctx: ServiceContext, id: string) {
  const current = await getWebhookOrThrow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(webhooks)
      .set({ deletedAt: new Date(), enabled: false, updatedAt: new Date() })
      .where(eq(webhooks.id, id));
    await recordAudit(tx, ctx, {
      action: 'webhook.deleted',
      target: target(current),
      before: audited(current),
    });
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(and(eq(webhookDeliveries.webhookId, id), eq(webhookDeliveries.status, 'pending')));
  });
  return {};
}

export async function rotateWebhookSecret(ctx: ServiceContext, id: string) {
  const current = await getWebhookOrThrow(ctx, id);
  const secret = newWebhookSecret();
  const expires = new Date(Date.now() + ROTATION_GRACE_MS);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhooks)
      .set({
        secret: sealWebhookSecret(id, secret),
        previousSecret: current.secret,
        previousSecretExpiresAt: expires,
        updatedAt: new Date(),
      })
      .where(eq(webhooks.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'webhook.secret_rotated',
      target: target(current),
      after: { previous_valid_until: toSeconds(expires) },
    });
    return updated!;
  });
  return serializeWebhook(row, secret);
}

/** A webhook's deliveries of the list's filter, newest first: what the list pages and the export streams. */
function deliveriesFetch(
  ctx: ServiceContext,
  id: string,
  q: WebhookDeliveryFilters,
  { withLastAttempt = false } = {},
) {
  const where: SQL[] = [eq(webhookDeliveries.webhookId, id)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  // The export's last attempt, read per row through webhook_attempts_delivery_idx (the list reads
  // every attempt of its page instead: null here). The outer column is named in full: in a select
  // list a column renders bare, and would name a.id.
  const lastAttempt = (column: 'error' | 'response_excerpt') =>
    withLastAttempt
      ? sql<string | null>`(select ${sql.raw(`a.${column}`)} from webhook_attempts a
      where a.delivery_id = "webhook_deliveries"."id" order by a.attempted_at desc limit 1)`
      : sql<string | null>`null`;
  return queryFetch<{
    row: typeof webhookDeliveries.$inferSelect;
    lastError: string | null;
    lastResponse: string | null;
  }>(
    ctx.db,
    DELIVERIES_NEWEST_FIRST,
    and(...where),
    (keys) =>
      ctx.db
        .select({
          row: webhookDeliveries,
          lastError: lastAttempt('error'),
          lastResponse: lastAttempt('response_excerpt'),
          keys,
        })
        .from(webhookDeliveries)
        .$dynamic(),
    () =>
      ctx.db
        .select({ one: sql`1` })
        .from(webhookDeliveries)
        .$dynamic(),
  );
}

export async function listDeliveries(ctx: ServiceContext, id: string, q: ListWebhookDeliveriesQuery) {
  await getWebhookOrThrow(ctx, id);
  const { rows: pageRows, page } = await keysetPage(DELIVERIES_NEWEST_FIRST, q, deliveriesFetch(ctx, id, q));
  const rows = pageRows.map((r) => r.row);
  const attempts = await attemptsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return { ...page, deliveries: rows.map((d) => deliveryView(d, attempts)) };
}

/**
 * A webhook's deliveries (the list's filter) as CSV, newest first, streamed: each with its last
 * attempt's status code, error and response excerpt. The payloads stay on the delivery's page.
 */
export async function exportDeliveries(ctx: ServiceContext, id: string, q: WebhookDeliveryFilters) {
  await getWebhookOrThrow(ctx, id);
  return keysetCsv(
    [
      'delivery_id',
      'event_id',
      'event_type',
      'status',
      'attempts',
      'last_status_code',
      'last_error',
      'last_response_excerpt',
      'next_attempt_at',
      'created_at',
    ],
    inOrder(DELIVERIES_NEWEST_FIRST, deliveriesFetch(ctx, id, q, { withLastAttempt: true }), q.order),
    ({ row: d, lastError, lastResponse }) => [
      d.id,
      d.eventId,
      d.eventType,
      d.status,
      d.attempts,
      d.lastStatusCode ?? '',
      lastError ?? '',
      lastResponse ?? '',
      d.status === 'pending' ? d.nextAttemptAt.toISOString() : '',
      d.createdAt.toISOString(),
    ],
  );
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** Every attempt of these deliveries, oldest first. */
async function attemptsOf(ctx: ServiceContext, ids: string[]) {
  if (ids.length === 0) return [];
  return ctx.db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, ids))
    .orderBy(webhookAttempts.attemptedAt);
}

function deliveryView(d: DeliveryRow, attempts: AttemptRow[]) {
  return {
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
      .map((a) => ({
        attempted_at: toSeconds(a.attemptedAt),
        status_code: a.statusCode,
        latency_ms: a.latencyMs,
        response_excerpt: a.responseExcerpt,
        error: a.error,
      })),
  };
}

/**
 * One delivery with its attempts and its payload: the body every attempt sent (rebuilt from the
 * outbox event as the deliverer builds it); null once the event is past its retention.
 */
export async function getDelivery(ctx: ServiceContext, id: string, deliveryId: string) {
  await getWebhookOrThrow(ctx, id);
  const [d] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, id)))
    .limit(1);
  if (!d) throw new NotFoundError(`Delivery ${deliveryId} not found`);
  const [event] = await ctx.db.select().from(events).where(eq(events.id, d.eventId)).limit(1);
  return {
    ...deliveryView(d, await attemptsOf(ctx, [d.id])),
    payload: event ? (JSON.parse(deliveryBody(event)) as Record<string, unknown>) : null,
  };
}

/**
 * A delivery found by its id alone (the shell's search), in the caller's namespace, with its
 * endpoint's id: the same answer as the endpoint's delivery.
 */
export async function findDelivery(ctx: ServiceContext, deliveryId: string) {
  const ns = requireNamespace(ctx);
  const [d] = await ctx.db
    .select({ webhookId: webhookDeliveries.webhookId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.partnerId, ns.id)))
    .limit(1);
  if (!d) throw new NotFoundError(`Delivery ${deliveryId} not found`);
  return getDelivery(ctx, d.webhookId, deliveryId).catch((e: unknown) => {
    // Its endpoint was deleted: the delivery is gone with it.
    throw e instanceof NotFoundError ? new NotFoundError(`Delivery ${deliveryId} not found`) : e;
  });
}

/** How many failed deliveries one recovery call sends again; the caller repeats while has_more. */
export const RECOVER_BATCH = 1000;
/** The failed deliveries still to recover are counted up to this many. */
const REMAINING_CAP = 100_000;

/**
 * Recovery (bulk replay): the endpoint's failed deliveries created at or after `since` are sent
 * again, oldest first, RECOVER_BATCH per call (bounded work; the dashboard repeats with progress).
 * Each failed delivery is moved back to pending once: a second call finds it pending, not failed.
 */
export async function recoverDeliveries(ctx: ServiceContext, id: string, input: { since: number }) {
  const hook = await getWebhookOrThrow(ctx, id);
  if (!hook.enabled) throw new ConflictError('The webhook is disabled; enable it first');
  const since = new Date(input.since * 1000);
  const failedSince = and(
    eq(webhookDeliveries.webhookId, id),
    eq(webhookDeliveries.status, 'failed'),
    gte(webhookDeliveries.createdAt, since),
    // Only while its event is kept (its payload is rebuilt from it): one past retention stays failed.
    sql`exists (select 1 from events e where e.seq = ${webhookDeliveries.eventSeq})`,
  );
  return ctx.db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(failedSince)
      .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
      .limit(RECOVER_BATCH)
      .for('update', { skipLocked: true });
    const ids = picked.map((r) => r.id);
    if (ids.length > 0) {
      const now = new Date();
      await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now, updatedAt: now })
        .where(inArray(webhookDeliveries.id, ids));
      await recordAudit(tx, ctx, {
        action: 'webhook.recovered',
        target: target(hook),
        after: { since: input.since, recovered: ids.length },
      });
    }
    const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(
      tx
        .select({ one: sql`1` })
        .from(webhookDeliveries)
        .where(failedSince)
        .limit(REMAINING_CAP)
        .as('left'),
    );
    const remaining = left?.n ?? 0;
    return { recovered: ids.length, remaining, has_more: remaining > 0 };
  });
}

/** Sends a delivery again now, whatever its state (a manual replay). */
export async function retryDelivery(ctx: ServiceContext, id: string, deliveryId: string) {
  const hook = await getWebhookOrThrow(ctx, id);
  if (!hook.enabled) throw new ConflictError('The webhook is disabled; enable it first');
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: webhookDeliveries.status, eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, id)))
      .for('update');
    if (!before) throw new NotFoundError(`Delivery ${deliveryId} not found`);
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date(), updatedAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId));
    await recordAudit(tx, ctx, {
      action: 'webhook.delivery_replayed',
      target: { type: 'webhook_delivery', id: deliveryId },
      before: { status: before.status },
      after: { status: 'pending', event_id: before.eventId, webhook_id: id },
    });
  });
  return { token: deliveryId, status: 'pending' as const };
}

/** A `webhook.test` event for this endpoint only, through the normal outbox and delivery. */
export async function sendTestEvent(ctx: ServiceContext, id: string) {
  const hook = await getWebhookOrThrow(ctx, id);
  const eventId = await emitEvent(ctx.db, {
    type: 'webhook.test',
    orgId: hook.orgId,
    partnerId: hook.partnerId,
    data: { webhook_id: hook.id, message: 'This is a test event' },
  });
  return { event_id: eventId };
}
