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

describe('RateLimiter on a stop', () => {
  it('writes the counts not yet written after the flush under way, before it resolves', async () => {
    const added: number[] = [];
    const answers: Array<() => void> = [];
    const store: CounterStore = {
      add: (_key, _window, delta) => {
        added.push(delta);
        return new Promise((resolve) => answers.push(() => resolve(delta)));
      },
      readMany: async (_key, windows) => windows.map(() => 0),
      addOneUpTo: async () => null,
    };
    const limiter = new RateLimiter(store, 10);
    const now = Date.now();
    limiter.check('k', now);
    // The 200 ms timer's flush starts and waits for the store.
    await expect.poll(() => added, { interval: 20 }).toEqual([1]);
    limiter.check('k', now);
    limiter.check('k', now);
    let stopped = false;
    const stopping = limiter.flushAll().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 300));
    // Nothing more is sent while the flush under way has not been answered (its timer was cleared).
    expect([added, stopped]).toEqual([[1], false]);
    answers[0]!();
    await expect.poll(() => added, { interval: 20 }).toEqual([1, 2]);
    expect(stopped).toBe(false);
    answers[1]!();
    await stopping;
    expect(stopped).toBe(true);
  });
});
