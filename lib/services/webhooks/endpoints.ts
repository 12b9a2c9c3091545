/**
 * A namespace's webhook endpoints: added, listed, changed, deleted, their signing secret rotated
 * (with a day's grace for the previous one). Their deliveries are deliveries.ts's; the test event
 * and an inbox's messages, receiver-tools.ts's.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { newWebhookSecret } from '@/lib/auth/secrets';
import { sealWebhookSecret } from '@/lib/webhooks/secret-at-rest';
import { NotFoundError, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { assertSafeTarget } from '@/lib/webhooks/ssrf';
import { SUBSCRIBABLE_EVENT_TYPES } from '@/lib/events/types';
import { INBOX_URL_PREFIX } from '@/lib/webhooks/inbox';
import { recordAudit } from '../audit/record';
import { requireNamespace } from '../guards';
import { byTime, keysetPage, queryFetch } from '../paging';
import type { CreateWebhookBody, ListWebhooksQuery, UpdateWebhookBody } from '@/lib/schemas/webhooks';

const { webhooks, webhookDeliveries } = schema;

/** A namespace's webhooks, newest first. */
const WEBHOOKS_NEWEST_FIRST = byTime(webhooks.createdAt, webhooks.id, 'desc');
export type WebhookRow = typeof webhooks.$inferSelect;

const SUBSCRIBABLE = SUBSCRIBABLE_EVENT_TYPES;
const ROTATION_GRACE_MS = 24 * 3600 * 1000;

function serializeWebhook(w: WebhookRow) {
  return {
    token: w.id,
    partner_id: w.partnerId,
    kind: w.kind,
    url: w.url,
    description: w.description,
    event_types: w.eventTypes,
    enabled: w.enabled,
    disabled_reason: w.disabledReason,
    failing_since: w.failingSince ? toSeconds(w.failingSince) : null,
    created_at: toSeconds(w.createdAt),
    updated_at: toSeconds(w.updatedAt),
  };
}

function checkTypes(types: string[]) {
  if (types.length === 0)
    throw new ValidationError('event_types must name at least one type, or "*"', 'event_types');
  const unknown = types.filter((t) => t !== '*' && !(SUBSCRIBABLE as readonly string[]).includes(t));
  if (unknown.length)
    throw new ValidationError(`event_types: unknown type ${unknown.join(', ')}`, 'event_types');
  return types.includes('*') ? ['*'] : [...new Set(types)];
}

const audited = (w: WebhookRow) => ({
  url: w.url,
  description: w.description,
  event_types: w.eventTypes,
  enabled: w.enabled,
});
/** An endpoint as its audit entries name it. */
export const webhookTarget = (w: WebhookRow) => ({ type: 'webhook', id: w.id });

export async function createWebhook(ctx: ServiceContext, input: CreateWebhookBody) {
  const ns = requireNamespace(ctx);
  const eventTypes = checkTypes(input.event_types);
  const inbox = input.kind === 'inbox';
  // An inbox shows deliveries in the dashboard instead of sending them: a sandbox's tool for
  // building a receiver. A production namespace's events go to its own systems.
  if (inbox && ns.environment !== 'sandbox')
    throw new ValidationError(
      'kind: an inbox is for sandbox namespaces; a production endpoint needs a url',
      'kind',
    );
  if (!inbox) await assertSafeTarget(input.url!);
  const secret = newWebhookSecret();
  const id = newId('wh');
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhooks)
      .values({
        id,
        orgId: ns.orgId,
        partnerId: ns.id,
        kind: inbox ? 'inbox' : 'url',
        url: inbox ? `${INBOX_URL_PREFIX}${id}` : input.url!,
        description: input.description ?? '',
        eventTypes,
        secret: sealWebhookSecret(id, secret),
      })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'webhook.created',
      target: webhookTarget(created!),
      after: audited(created!),
    });
    return created!;
  });
  return { ...serializeWebhook(row), secret };
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

/** The namespace's endpoint `id`, not deleted; 404 otherwise (another namespace's included). */
export async function getWebhookOrThrow(ctx: ServiceContext, id: string) {
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
  if (input.url && current.kind === 'inbox' && input.url !== current.url)
    throw new ValidationError('url: an inbox has no URL; add an endpoint with a url instead', 'url');
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
      target: webhookTarget(current),
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
      target: webhookTarget(current),
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
      target: webhookTarget(current),
      after: { previous_valid_until: toSeconds(expires) },
    });
    return updated!;
  });
  return { ...serializeWebhook(row), secret };
}
