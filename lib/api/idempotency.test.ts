import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { createTestDatabase } from '@/lib/testing/db';
import { purgeExpiredIdempotencyKeys } from './idempotency';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('purgeExpiredIdempotencyKeys', () => {
  it('deletes the records older than 24 hours, done or abandoned, and keeps the others', async () => {
    const hours = (h: number) => new Date(Date.now() - h * 3600 * 1000);
    const rows = [
      { keyHash: 'old-done', state: 'done' as const, createdAt: hours(25) },
      { keyHash: 'old-in-flight', state: 'in_flight' as const, createdAt: hours(30) },
      { keyHash: 'recent-done', state: 'done' as const, createdAt: hours(23) },
      { keyHash: 'new-in-flight', state: 'in_flight' as const, createdAt: hours(0) },
    ];
    await database.db.insert(schema.idempotencyKeys).values(rows.map((r) => ({ ...r, fingerprint: 'fp' })));
    expect(await purgeExpiredIdempotencyKeys(database.db)).toBe(2);
    const left = await database.db
      .select({ keyHash: schema.idempotencyKeys.keyHash })
      .from(schema.idempotencyKeys)
      .where(
        inArray(
          schema.idempotencyKeys.keyHash,
          rows.map((r) => r.keyHash),
        ),
      );
    expect(left.map((r) => r.keyHash).sort()).toEqual(['new-in-flight', 'recent-done']);
    expect(await purgeExpiredIdempotencyKeys(database.db)).toBe(0);
  });
});
