import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import type { SendResult } from './send';
import { verifyWebhookSignature } from './sign';

/** The URL an inbox endpoint is stored with: no target; the deliverer keeps what it would send. */
export const INBOX_URL_PREFIX = 'inbox://';

export const isInbox = (url: string) => url.startsWith(INBOX_URL_PREFIX);

/**
 * An inbox endpoint's "receiver": the attempt's request is kept as a real endpoint would get it
 * (its headers, the exact body signed) with the check a receiver makes (docs/webhooks.md:
 * the signature against the endpoint's current secret, the timestamp within 5 minutes), and
 * answered 200 — unless it cannot be kept, which fails the attempt and retries it like a
 * receiver that is down.
 */
export async function keepInInbox(
  db: Db,
  target: { webhookId: string; secret: string },
  delivery: { id: string; eventId: string; eventType: string },
  headers: Record<string, string>,
  body: string,
): Promise<SendResult> {
  const started = performance.now();
  const signatureValid = verifyWebhookSignature({ secret: target.secret, headers, body });
  try {
    await db.insert(schema.webhookInboxMessages).values({
      id: newId('inm'),
      webhookId: target.webhookId,
      deliveryId: delivery.id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      headers,
      body,
      signatureValid,
    });
  } catch (err) {
    return {
      statusCode: null,
      excerpt: null,
      error: `the inbox could not keep the delivery: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`,
      latencyMs: Math.round(performance.now() - started),
    };
  }
  return {
    statusCode: 200,
    excerpt: `kept in the inbox; signature ${signatureValid ? 'verified' : 'does not verify'}`,
    error: null,
    latencyMs: Math.round(performance.now() - started),
  };
}
