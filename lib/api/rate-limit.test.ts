import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@/lib/testing/db';
import { postgresCounterStore, RateLimiter } from './rate-limit';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('RateLimiter', () => {
  it('admits up to the limit per credential and window, then throws 429 with Retry-After', () => {
    const limiter = new RateLimiter(postgresCounterStore(database.db), 3);
    const now = Date.UTC(2026, 0, 1, 0, 0, 10);
    for (let i = 0; i < 3; i++) limiter.check('a', now);
    expect(() => limiter.check('a', now)).toThrowError(expect.objectContaining({ status: 429, headers: { 'Retry-After': '50' } }));
    // another credential has its own budget; a new window starts afresh
    expect(() => limiter.check('b', now)).not.toThrow();
    expect(() => limiter.check('a', now + 60_000)).not.toThrow();
  });

  it('shares the count between instances through the store', async () => {
    const store = postgresCounterStore(database.db);
    const one = new RateLimiter(store, 4);
    const two = new RateLimiter(store, 4);
    const now = Date.now();
    one.check('shared', now);
    one.check('shared', now);
    one.check('shared', now);
    await one.flush();
    // the second instance learns the global count at its first flush
    two.check('shared', now);
    await two.flush();
    expect(() => two.check('shared', now)).toThrowError(expect.objectContaining({ status: 429 }));
  });
});
