import type { Db } from '@/lib/db';
import { config } from '@/lib/config';
import { postgresCounterStore, RateLimiter, redisCounterStore, type CounterStore } from './rate-limit';

const g = globalThis as unknown as { __cspRateLimiter?: RateLimiter };

export function getRateLimiter(db: Db): RateLimiter {
  if (!g.__cspRateLimiter) {
    const store: CounterStore = config.redisUrl ? lazyRedis(config.redisUrl) : postgresCounterStore(db);
    g.__cspRateLimiter = new RateLimiter(store);
  }
  return g.__cspRateLimiter;
}

function lazyRedis(url: string): CounterStore {
  const ready = redisCounterStore(url);
  return { add: async (k, w, d) => (await ready).add(k, w, d) };
}
