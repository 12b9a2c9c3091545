/**
 * An endpoint's deliveries: listed and exported with their attempts, one read with its payload,
 * sent again one at a time or in bulk (recovery).
 */
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { deliveryBody } from '@/lib/webhooks/body';
import type { ServiceContext } from '@/lib/services/context';
import { schema, type DbOrTx } from '@/lib/db';
import { EVENTS_CHANNEL } from '@/lib/events/emit';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { toSeconds } from '@/lib/schemas/common';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';
import { keysetCsv } from '../export';
import { byTime, inOrder, keysetPage, queryFetch } from '../paging';
import type { ListWebhookDeliveriesQuery, WebhookDeliveryFilters } from '@/lib/schemas/webhooks';
import { getWebhookOrThrow, webhookTarget } from './endpoints';

const { webhookDeliveries, webhookAttempts, events } = schema;
/** An endpoint's deliveries, newest first (indexes webhook_deliveries_webhook_idx and …_status_idx). */
const DELIVERIES_NEWEST_FIRST = byTime(webhookDeliveries.createdAt, webhookDeliveries.id, 'desc');

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
 * Wakes webhook delivery on every instance once the transaction commits: each instance's deliverer
 * listens on EVENTS_CHANNEL (lib/webhooks/deliverer.ts). Without it, deliveries made due again are
 * sent at the next poll (WEBHOOK_POLL_MS, 500 ms by default).
 */
const wakeDelivery = (tx: DbOrTx) => tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`);

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
        target: webhookTarget(hook),
        after: { since: input.since, recovered: ids.length },
      });
      await wakeDelivery(tx);
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
    await wakeDelivery(tx);
  });
  return { token: deliveryId, status: 'pending' as const };
}
