import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { createApiKey } from '@/lib/services/api-keys/api-keys';
import { signIn } from '@/lib/services/organizations/organizations';
import { createTestDatabase, reviewedSandboxAdmin } from '@/lib/testing/db';
import { resolveCredential } from './credentials';
import { claimIdempotencyKey, fingerprint, releaseIdempotencyKey } from './idempotency';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let apiKey: { secret: string; id: string; partnerId: string };
let user: { token: string; id: string };
const rules = { partner: 'optional', org: 'optional' } as const;
const PATH = '/api/v1/csp/customer';

beforeAll(async () => {
  database = await createTestDatabase();
  const ctx = await reviewedSandboxAdmin(database.db, 'Claim Bank', 'claim@example.test');
  const key = await createApiKey(ctx, {
    name: 'k',
    access: {
      customers_read: true,
      customers_write: true,
      transactions_read: true,
      transactions_write: true,
    },
  });
  apiKey = { secret: key.secret_key!, id: key.token, partnerId: ctx.namespace!.id };
  const si = await signIn(database.db, {
    admin_email: 'claim@example.test',
    admin_password: 'long-enough-password',
  });
  user = { token: si.access_token, id: si.user_id };
});
afterAll(async () => database?.close());

const records = (hash: string) =>
  database.db.select().from(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.keyHash, hash));
const hashOf = (credential: string, key: string) =>
  createHash('sha256').update(`${credential}\nPOST\n${PATH}\n${key}`).digest('hex');

describe('the idempotency claim made with the credential lookup', () => {
  it.each([
    ['an API key', () => ({ apiKey: apiKey.secret }), () => `key:${apiKey.id}`],
    ["a user's token", () => ({ authorization: `Bearer ${user.token}` }), () => `usr:${user.id}`],
  ])(
    'with %s: inserts the in-flight record under the hash claimIdempotencyKey computes',
    async (_name, headers, credential) => {
      const key = `k-${Math.random()}`;
      const resolved = await resolveCredential(database.db, headers(), 'either', rules, {
        suffix: `\nPOST\n${PATH}\n${key}`,
        fingerprint: fingerprint(null),
      });
      const hash = hashOf(credential(), key);
      expect(resolved.claimedKeyHash).toBe(hash);
      expect(await records(hash)).toEqual([
        expect.objectContaining({ keyHash: hash, fingerprint: fingerprint(null), state: 'in_flight' }),
      ]);
      // The ordinary path finds the same record: still in flight → 409.
      await expect(
        claimIdempotencyKey(database.db, { key, scope: `${credential()}\nPOST\n${PATH}`, body: null }),
      ).rejects.toMatchObject({ status: 409 });
      await releaseIdempotencyKey(database.db, hash);
    },
  );

  it('claims nothing for a credential the rate limiter will refuse, nor when the credential is refused', async () => {
    const suffix = (key: string) => `\nPOST\n${PATH}\n${key}`;
    const limited = (c: string) => c === `key:${apiKey.id}` || c === `usr:${user.id}`;
    // The key's id is known from the lookups above: the limiter is asked before the statement.
    const k1 = `k-${Math.random()}`;
    const r1 = await resolveCredential(database.db, { apiKey: apiKey.secret }, 'apikey', rules, {
      suffix: suffix(k1),
      fingerprint: 'fp',
      unless: limited,
    });
    expect(r1.claimedKeyHash).toBeUndefined();
    expect(await records(hashOf(`key:${apiKey.id}`, k1))).toEqual([]);
    const k2 = `k-${Math.random()}`;
    const r2 = await resolveCredential(database.db, { authorization: `Bearer ${user.token}` }, 'jwt', rules, {
      suffix: suffix(k2),
      fingerprint: 'fp',
      unless: limited,
    });
    expect(r2.claimedKeyHash).toBeUndefined();
    expect(await records(hashOf(`usr:${user.id}`, k2))).toEqual([]);

    // A tenant header naming another namespace: 401, and the record claimed with the lookup is gone.
    const k3 = `k-${Math.random()}`;
    await expect(
      resolveCredential(database.db, { apiKey: apiKey.secret, partnerId: 'ns_other' }, 'apikey', rules, {
        suffix: suffix(k3),
        fingerprint: 'fp',
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(await records(hashOf(`key:${apiKey.id}`, k3))).toEqual([]);
    const k4 = `k-${Math.random()}`;
    await expect(
      resolveCredential(
        database.db,
        { authorization: `Bearer ${user.token}`, partnerId: 'ns_other' },
        'jwt',
        rules,
        { suffix: suffix(k4), fingerprint: 'fp' },
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(await records(hashOf(`usr:${user.id}`, k4))).toEqual([]);
  });

  it('claims nothing for a disabled key', async () => {
    await database.db.update(schema.apiKeys).set({ enabled: false }).where(eq(schema.apiKeys.id, apiKey.id));
    const key = `k-${Math.random()}`;
    await expect(
      resolveCredential(database.db, { apiKey: apiKey.secret }, 'apikey', rules, {
        suffix: `\nPOST\n${PATH}\n${key}`,
        fingerprint: 'fp',
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(await records(hashOf(`key:${apiKey.id}`, key))).toEqual([]);
    await database.db.update(schema.apiKeys).set({ enabled: true }).where(eq(schema.apiKeys.id, apiKey.id));
  });
});
