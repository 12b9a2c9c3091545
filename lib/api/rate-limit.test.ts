import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@/lib/testing/db';
import { postgresCounterStore, RateLimiter, type CounterStore } from './rate-limit';

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
    expect(() => limiter.check('a', now)).toThrowError(
      expect.objectContaining({ status: 429, headers: { 'Retry-After': '50' } }),
    );
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

describe('RateLimiter while its counts are on their way to the store', () => {
  /** A store whose answers arrive when the test says, in any order. */
  function slowStore() {
    let total = 0;
    const answers: Array<() => void> = [];
    const store: CounterStore = {
      add: (_key, _window, delta) => {
        total += delta;
        const count = total;
        return new Promise((resolve) => answers.push(() => resolve(count)));
      },
      readMany: async (_key, windows) => windows.map(() => 0),
      addOneUpTo: async () => null,
    };
    return { store, answers };
  }
  const now = Date.UTC(2026, 0, 1, 0, 0, 10);

  it('counts the requests of a flush in flight', async () => {
    const { store, answers } = slowStore();
    const limiter = new RateLimiter(store, 3);
    limiter.check('k', now);
    limiter.check('k', now);
    const flushing = limiter.flush();
    limiter.check('k', now);
    expect(() => limiter.check('k', now)).toThrowError(expect.objectContaining({ status: 429 }));
    answers.shift()!();
    await flushing;
    expect(() => limiter.check('k', now)).toThrowError(expect.objectContaining({ status: 429 }));
  });

  it('keeps the highest count when flushes answer out of order', async () => {
    const { store, answers } = slowStore();
    const limiter = new RateLimiter(store, 3);
    limiter.check('k', now);
    const first = limiter.flush();
    limiter.check('k', now);
    limiter.check('k', now);
    const second = limiter.flush();
    // The later flush (count 3) answers first, the earlier (count 1) last.
    answers[1]!();
    await second;
    answers[0]!();
    await first;
    expect(() => limiter.check('k', now)).toThrowError(expect.objectContaining({ status: 429 }));
  });
});
