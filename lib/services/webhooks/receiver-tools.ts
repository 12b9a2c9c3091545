/**
 * The tools for building a receiver: a test event of any type to one endpoint, and what an inbox
 * endpoint (a sandbox's, with no public URL) received.
 */
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/services/context';
import { schema } from '@/lib/db';
import { ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { toSeconds } from '@/lib/schemas/common';
import { exampleEventData } from '@/lib/webhooks/examples';
import { requireNamespace } from '../guards';
import { keysetPage, queryFetch } from '../paging';
import type { ListInboxQuery, TestWebhookBody } from '@/lib/schemas/webhooks';
import { getWebhookOrThrow } from './endpoints';

const { webhookInboxMessages, events } = schema;

/**
 * A test event for this endpoint only, through the normal outbox and delivery: `webhook.test`, or
 * an event of the type asked for with an example `data` (lib/webhooks/examples.ts) — sent to this
 * endpoint whatever it subscribes to, and to no other (`test_webhook_id`).
 */
export async function sendTestEvent(ctx: ServiceContext, id: string, input: TestWebhookBody = {}) {
  const hook = await getWebhookOrThrow(ctx, id);
  const ns = requireNamespace(ctx);
  const type = input.event_type ?? 'webhook.test';
  const eventId = newId('evt');
  await ctx.db.insert(events).values({
    id: eventId,
    type,
    orgId: hook.orgId,
    partnerId: hook.partnerId,
    data: exampleEventData(type, {
      orgId: hook.orgId,
      partnerId: hook.partnerId,
      domain: ns.domain,
      webhookId: hook.id,
      url: hook.url,
    }),
    testWebhookId: hook.id,
  });
  return { event_id: eventId, event_type: type };
}

/** What an inbox endpoint received, newest first. */
export async function listInboxMessages(ctx: ServiceContext, id: string, q: ListInboxQuery) {
  const hook = await getWebhookOrThrow(ctx, id);
  if (hook.kind !== 'inbox')
    throw new ValidationError(`Webhook ${id} is not an inbox: its deliveries are sent to its url`, null);
  const NEWEST_FIRST = {
    keys: [{ column: webhookInboxMessages.id, type: 'text' as const }],
    direction: 'desc' as const,
  };
  type MessageRow = typeof webhookInboxMessages.$inferSelect;
  const { rows, page } = await keysetPage(
    NEWEST_FIRST,
    q,
    queryFetch<{ row: MessageRow }>(
      ctx.db,
      NEWEST_FIRST,
      eq(webhookInboxMessages.webhookId, hook.id),
      (keys) => ctx.db.select({ row: webhookInboxMessages, keys }).from(webhookInboxMessages).$dynamic(),
      () =>
        ctx.db
          .select({ one: sql`1` })
          .from(webhookInboxMessages)
          .$dynamic(),
    ),
  );
  return {
    ...page,
    messages: rows.map(({ row: m }) => ({
      token: m.id,
      delivery_id: m.deliveryId,
      event_id: m.eventId,
      event_type: m.eventType,
      received_at: toSeconds(m.receivedAt),
      headers: m.headers,
      body: m.body,
      signature_valid: m.signatureValid,
    })),
  };
}
