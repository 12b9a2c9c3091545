import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@/lib/db';
import { openDatabase } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { createApiKey, updateApiKey } from '@/lib/services/api-keys/api-keys';
import { signIn } from '@/lib/services/organizations/sign-in';
import { changeUserRole, inviteUser } from '@/lib/services/organizations/users';
import { createTestDatabase, reviewedSandboxAdmin } from '@/lib/testing/db';
import type { ServiceContext } from '@/lib/services/context';
import {
  CONFIRM_TIMEOUT_MS,
  CredentialCache,
  credentialCache,
  INSTANCE_NAME_PREFIX,
} from '@/lib/auth/credential-cache';
import { resolveCredential } from './credentials';
import { logger } from '@/lib/log/logger';

// The credential cache (lib/api/credential-cache.ts) against a real database: PGlite, or
// PostgreSQL with TEST_DATABASE_URL, where a change notifies over a LISTEN connection.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ServiceContext;
const rules = { partner: 'optional', org: 'optional' } as const;
const ACCESS = {
  customers_read: true,
  customers_write: true,
  transactions_read: true,
  transactions_write: true,
};

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await reviewedSandboxAdmin(database.db, 'Cache Bank', 'cache@example.test');
  ctx = {
    ...ctx,
    principal: {
      kind: 'user',
      userId: 'usr_x',
      orgId: ctx.orgId,
      role: 'admin',
      email: 'cache@example.test',
    },
  };
  await credentialCache(database.db).ready;
});
afterAll(async () => {
  await credentialCache(database.db).close();
  await database?.close();
});

const cache = () => credentialCache(database.db);
const newKey = async () => {
  const key = await createApiKey(ctx, { name: `k-${Math.random()}`, access: ACCESS });
  return { secret: key.secret_key!, id: key.token };
};
const byKey = (secret: string) => resolveCredential(database.db, { apiKey: secret }, 'apikey', rules);

/** Resolves until `accepted` says no more (a notification takes a moment), for at most 3 s. */
async function refusedSoon(resolve: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  for (;;) {
    const outcome = await resolve().then(
      () => 'accepted',
      (err: { status?: number }) => err.status,
    );
    if (outcome !== 'accepted') {
      expect(outcome).toBe(401);
      return Date.now() - started;
    }
    if (Date.now() - started > 3000) throw new Error('still accepted 3 s after the change committed');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the credential cache', () => {
  it('keeps a resolved key and serves it; a change made through the service is refused at once', async () => {
    expect(cache().active).toBe(true);
    const key = await newKey();
    const before = cache().size;
    const first = await byKey(key.secret);
    expect(cache().size).toBe(before + 1);
    // Served from the cache: the same namespace object as the first resolution.
    const second = await byKey(key.secret);
    expect(second.namespace).toBe(first.namespace);
    expect(second.principal).toEqual(first.principal);

    // With the trigger off, only the service's own flush can tell this instance.
    await database.db.execute(sql`alter table api_keys disable trigger api_keys_credentials_notify`);
    try {
      await updateApiKey(ctx, key.id, { access: { transactions_write: false } });
      const after = await byKey(key.secret);
      expect(after.principal).toMatchObject({
        kind: 'apikey',
        access: { ...ACCESS, transactions_write: false },
      });
      await updateApiKey(ctx, key.id, { enabled: false });
      await expect(byKey(key.secret)).rejects.toMatchObject({ status: 401 });
    } finally {
      await database.db.execute(sql`alter table api_keys enable trigger api_keys_credentials_notify`);
    }
  });

  it('forgets a key changed in SQL by anyone once the change commits (trigger and notification)', async () => {
    const key = await newKey();
    await byKey(key.secret);
    await byKey(key.secret);
    await database.db
      .update(schema.apiKeys)
      .set({ deletedAt: new Date() })
      .where(eq(schema.apiKeys.id, key.id));
    await refusedSoon(() => byKey(key.secret));

    // A rotated secret: the old one is refused, the new one accepted.
    const other = await newKey();
    await byKey(other.secret);
    await database.db
      .update(schema.apiKeys)
      .set({ secretHash: 'f'.repeat(64) })
      .where(eq(schema.apiKeys.id, other.id));
    await refusedSoon(() => byKey(other.secret));
  });

  it("forgets a user's resolution when the role changes, and a namespace's settings when they change", async () => {
    const invited = await inviteUser(ctx, {
      email: 'cache-support@example.test',
      role: 'support',
      password: 'long-enough-password',
    });
    const { access_token: token } = await signIn(database.db, {
      admin_email: 'cache-support@example.test',
      admin_password: 'long-enough-password',
    });
    const asUser = () =>
      resolveCredential(
        database.db,
        { authorization: `Bearer ${token}`, partnerId: ctx.namespace!.id },
        'jwt',
        rules,
      );
    const resolved = await asUser();
    expect(resolved.principal).toMatchObject({ kind: 'user', role: 'support' });
    expect((await asUser()).namespace).toBe(resolved.namespace);

    // The namespace's review threshold changed in SQL: the next resolution carries the new one.
    await database.db
      .update(schema.namespaces)
      .set({ reviewThreshold: 777n })
      .where(eq(schema.namespaces.id, ctx.namespace!.id));
    const started = Date.now();
    while ((await asUser()).namespace!.reviewThreshold !== 777n) {
      if (Date.now() - started > 3000) throw new Error('the cached namespace outlived its change');
      await new Promise((r) => setTimeout(r, 5));
    }

    // The token names the role it was issued for: once the role changes, it is refused at once.
    await changeUserRole(ctx, invited.token, 'viewer');
    await expect(asUser()).rejects.toMatchObject({ status: 401 });
  });

  it('does not keep a row read before a change that was heard while the lookup was under way', () => {
    const c = new CredentialCache();
    c.active = true;
    const mark = c.mark();
    c.flush(); // the notification of a change arrives while the lookup is on the wire
    c.set('k', { stale: true }, mark);
    expect(c.size).toBe(0);
    c.set('k', { fresh: true }, c.mark());
    expect(c.size).toBe(1);
    // Without LISTEN nothing is kept or served.
    c.active = false;
    c.set('j', {}, c.mark());
    expect(c.size).toBe(1);
    return expect(c.get('k')).resolves.toBeUndefined();
  });

  it.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_DB !== 'pglite')(
    'is bypassed and emptied while its LISTEN connection is lost, and used again once it is back',
    async () => {
      const key = await newKey();
      await byKey(key.secret);
      expect(cache().size).toBeGreaterThan(0);
      const listeners = rowsOf(
        await database.db.execute(sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and starts_with(application_name, ${INSTANCE_NAME_PREFIX})`),
      );
      expect(listeners).toHaveLength(1);
      const started = Date.now();
      while (cache().active) {
        if (Date.now() - started > 3000) throw new Error('the lost connection went unnoticed');
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(cache().size).toBe(0);
      // Meanwhile every request reads its credential: a change is seen at once.
      await database.db.update(schema.apiKeys).set({ enabled: false }).where(eq(schema.apiKeys.id, key.id));
      await expect(byKey(key.secret)).rejects.toMatchObject({ status: 401 });
      await byKey((await newKey()).secret);
      expect(cache().size).toBe(0);
      // Reconnected after about a second, it caches again.
      while (!cache().active) {
        if (Date.now() - started > 5000) throw new Error('LISTEN did not come back');
        await new Promise((r) => setTimeout(r, 20));
      }
      await byKey((await newKey()).secret);
      expect(cache().size).toBe(1);
    },
  );

  const onPostgres = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_DB !== 'pglite');
  const databaseUrl = () =>
    (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;

  it.runIf(onPostgres)(
    'a change answers only once every other instance on the database has emptied its cache',
    async () => {
      const other = await openDatabase({ databaseUrl: databaseUrl(), poolSize: 2 });
      const otherCache = credentialCache(other.db);
      await otherCache.ready;
      try {
        const key = await newKey();
        const onOther = () => resolveCredential(other.db, { apiKey: key.secret }, 'apikey', rules);
        await onOther();
        expect(otherCache.size).toBe(1);
        // Without the trigger's notification only the service's announcement reaches the other
        // instance; the change resolves after the other instance has acknowledged it.
        await database.db.execute(sql`alter table api_keys disable trigger api_keys_credentials_notify`);
        try {
          await updateApiKey(ctx, key.id, { enabled: false });
          expect(otherCache.size).toBe(0);
          await expect(onOther()).rejects.toMatchObject({ status: 401 });
        } finally {
          await database.db.execute(sql`alter table api_keys enable trigger api_keys_credentials_notify`);
        }
      } finally {
        await otherCache.close();
        await other.close();
      }
    },
  );

  it.runIf(onPostgres)(
    'waits for a silent instance at most CONFIRM_TIMEOUT_MS, then answers and names it in a warning',
    async () => {
      // A session named like an instance's LISTEN session that never acknowledges (a hung instance).
      const ghost = new pg.Client({
        connectionString: databaseUrl(),
        application_name: `${INSTANCE_NAME_PREFIX}ghost`,
      });
      await ghost.connect();
      const warn = vi.spyOn(logger, 'warn');
      try {
        const key = await newKey();
        const started = performance.now();
        await updateApiKey(ctx, key.id, { name: 'renamed' });
        const waited = performance.now() - started;
        expect(waited).toBeGreaterThanOrEqual(CONFIRM_TIMEOUT_MS - 20);
        expect(waited).toBeLessThan(CONFIRM_TIMEOUT_MS + 1000);
        expect(warn).toHaveBeenCalledWith(
          { instances: [`${INSTANCE_NAME_PREFIX}ghost`], waitedMs: CONFIRM_TIMEOUT_MS },
          expect.stringContaining('not acknowledged'),
        );
      } finally {
        warn.mockRestore();
        await ghost.end();
      }
      // Gone, it is waited for no more.
      while (
        rowsOf(
          await database.db.execute(
            sql`select 1 from pg_stat_activity where application_name = ${`${INSTANCE_NAME_PREFIX}ghost`}`,
          ),
        ).length > 0
      )
        await new Promise((r) => setTimeout(r, 10));
      const started = performance.now();
      await updateApiKey(ctx, (await newKey()).id, { name: 'again' });
      expect(performance.now() - started).toBeLessThan(CONFIRM_TIMEOUT_MS / 2);
    },
  );
});
