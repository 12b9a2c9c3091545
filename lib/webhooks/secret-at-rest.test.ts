import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { createSealer, deriveKey } from '@/lib/auth/at-rest';
import { newWebhookSecret } from '@/lib/auth/secrets';
import { openWebhookSecret, sealStoredWebhookSecrets, sealWebhookSecret } from './secret-at-rest';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_seal', name: 'Seal', status: 'verified' });
  await db().insert(schema.namespaces).values({
    id: 'part_seal',
    orgId: 'org_seal',
    name: 'Seal',
    domain: 'seal.test',
    environment: 'production',
  });
});
afterAll(() => database?.close());

describe('webhook signing secrets at rest', () => {
  it('are sealed for their own webhook only, under this AUTH_SECRET only', () => {
    const secret = newWebhookSecret();
    const sealed = sealWebhookSecret('wh_a', secret);
    expect(sealed.startsWith('enc:v1:')).toBe(true);
    expect(sealed).not.toContain(secret.slice('whsec_'.length, 20));
    expect(openWebhookSecret('wh_a', sealed)).toBe(secret);
    // Copied into another webhook's row, it does not open.
    expect(openWebhookSecret('wh_b', sealed)).toBeUndefined();
    // Sealed under another AUTH_SECRET (the setting changed since): it does not open.
    const other = createSealer(deriveKey('another-auth-secret-0123456789abcdef', 'webhook-signing-secrets'));
    expect(openWebhookSecret('wh_a', other.seal(secret, 'webhook:wh_a'))).toBeUndefined();
  });

  it('written in plaintext by an older version are sealed at start, once', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const id = newId('wh');
    await db()
      .insert(schema.webhooks)
      .values({
        id,
        orgId: 'org_seal',
        partnerId: 'part_seal',
        url: 'https://hooks.seal.test/',
        eventTypes: ['*'],
        secret: current,
        previousSecret: previous,
        previousSecretExpiresAt: new Date(Date.now() + 3600e3),
      });
    // Until sealed, the plaintext still signs (nothing stops between upgrade and start).
    expect(openWebhookSecret(id, current)).toBe(current);
    expect(await sealStoredWebhookSecrets(db())).toBe(1);
    const [row] = await db().select().from(schema.webhooks).where(eq(schema.webhooks.id, id));
    expect(row!.secret.startsWith('enc:v1:')).toBe(true);
    expect(row!.previousSecret!.startsWith('enc:v1:')).toBe(true);
    expect(openWebhookSecret(id, row!.secret)).toBe(current);
    expect(openWebhookSecret(id, row!.previousSecret!)).toBe(previous);
    expect(await sealStoredWebhookSecrets(db())).toBe(0);
  });
});
