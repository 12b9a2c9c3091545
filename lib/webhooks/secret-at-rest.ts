import { and, eq, like, or } from 'drizzle-orm';
import { config } from '@/lib/config';
import { createSealer, deriveKey, type Sealer } from '@/lib/auth/at-rest';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';

/**
 * Webhook signing secrets are kept sealed (AES-256-GCM under a key derived from AUTH_SECRET,
 * lib/auth/at-rest.ts): they cannot be stored as hashes, since every delivery is signed with them,
 * and a copy of the database must not be enough to forge deliveries. A sealed secret opens only in
 * its own webhook's row (the webhook id is the authenticated context).
 */
const PURPOSE = 'webhook-signing-secrets';
const PLAINTEXT_PREFIX = 'whsec_';

let sealer: Sealer | undefined;
const current = () => (sealer ??= createSealer(deriveKey(config.authSecret, PURPOSE)));
const contextOf = (webhookId: string) => `webhook:${webhookId}`;

export function sealWebhookSecret(webhookId: string, secret: string): string {
  return current().seal(secret, contextOf(webhookId));
}

/**
 * The secret stored for a webhook, opened; undefined when it cannot be (AUTH_SECRET changed since
 * it was sealed). A plaintext secret of a database written before secrets were sealed is taken as
 * it is until `sealStoredWebhookSecrets` seals it at the next start.
 */
export function openWebhookSecret(webhookId: string, stored: string): string | undefined {
  if (stored.startsWith(PLAINTEXT_PREFIX)) return stored;
  return current().open(stored, contextOf(webhookId));
}

/** Seals the plaintext secrets left by an older version; safe on every instance at every start. */
export async function sealStoredWebhookSecrets(db: Db): Promise<number> {
  const { webhooks } = schema;
  const rows = await db
    .select({ id: webhooks.id, secret: webhooks.secret, previousSecret: webhooks.previousSecret })
    .from(webhooks)
    .where(
      or(
        like(webhooks.secret, `${PLAINTEXT_PREFIX}%`),
        like(webhooks.previousSecret, `${PLAINTEXT_PREFIX}%`),
      ),
    );
  for (const row of rows) {
    const seal = (s: string | null) =>
      s && s.startsWith(PLAINTEXT_PREFIX) ? sealWebhookSecret(row.id, s) : s;
    // Only from the values read: another instance sealing at the same moment makes this a no-op.
    await db
      .update(webhooks)
      .set({ secret: seal(row.secret)!, previousSecret: seal(row.previousSecret) })
      .where(and(eq(webhooks.id, row.id), eq(webhooks.secret, row.secret)));
  }
  return rows.length;
}
