import type { Db } from '@/lib/db';
import { WebhookDeliverer } from './deliverer';

const g = globalThis as unknown as { __cspWebhookDeliverer?: WebhookDeliverer };

/**
 * The process's deliverer, created (and listening for committed events) on first use. The
 * webhooks worker pokes it on every poll tick, for retries coming due and missed notifications.
 */
export function webhookDeliverer(db: Db): WebhookDeliverer {
  if (!g.__cspWebhookDeliverer) {
    const d = new WebhookDeliverer(db);
    g.__cspWebhookDeliverer = d;
    void d.listen();
  }
  return g.__cspWebhookDeliverer;
}

/** Stops the process's deliverer: no new attempts; those under way finish and are recorded, leases released. */
export async function stopWebhookDeliverer(): Promise<void> {
  const d = g.__cspWebhookDeliverer;
  g.__cspWebhookDeliverer = undefined;
  await d?.stop();
}
