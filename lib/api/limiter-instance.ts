import type { Db } from '@/lib/db';
import { config } from '@/lib/config';
import { holdWrites } from '@/lib/db/held-writes';
import { postgresCounterStore, RateLimiter, redisCounterStore, type CounterStore } from './rate-limit';
import { SignInThrottle } from './signin-throttle';

const g = globalThis as unknown as {
  __cspCounterStore?: CounterStore;
  __cspRateLimiter?: RateLimiter;
  __cspAnonymousLimiters?: { writes: RateLimiter; signUps: RateLimiter };
  __cspSignInThrottle?: SignInThrottle;
};

/** The shared counters of every limit: Redis with REDIS_URL, else the database. */
function getCounterStore(db: Db): CounterStore {
  g.__cspCounterStore ??= config.redisUrl ? lazyRedis(config.redisUrl) : postgresCounterStore(db);
  return g.__cspCounterStore;
}

/** A process's limiter, whose counts of its last interval a stop writes (lib/db/held-writes.ts). */
function held(limiter: RateLimiter): RateLimiter {
  holdWrites(() => limiter.flushAll());
  return limiter;
}

export function getRateLimiter(db: Db): RateLimiter {
  g.__cspRateLimiter ??= held(new RateLimiter(getCounterStore(db)));
  return g.__cspRateLimiter;
}

/**
 * The lower limits of requests without a credential that change something, per client address:
 * every anonymous write a minute (sign-in, sign-up, accepting an invitation), and sign-ups an hour
 * (each makes an organization and costs an argon2 hash). Their counters share the store.
 */
export function getAnonymousLimiters(db: Db): { writes: RateLimiter; signUps: RateLimiter } {
  g.__cspAnonymousLimiters ??= {
    writes: held(new RateLimiter(getCounterStore(db), config.anonymousWritesPerMinute, 60)),
    signUps: held(new RateLimiter(getCounterStore(db), config.signUpsPerHour, 3600)),
  };
  return g.__cspAnonymousLimiters;
}

export function getSignInThrottle(db: Db): SignInThrottle {
  g.__cspSignInThrottle ??= new SignInThrottle(getCounterStore(db));
  return g.__cspSignInThrottle;
}

function lazyRedis(url: string): CounterStore {
  const ready = redisCounterStore(url);
  return {
    add: async (k, w, d, s) => (await ready).add(k, w, d, s),
    readMany: async (k, w) => (await ready).readMany(k, w),
    addOneUpTo: async (k, w, m, s) => (await ready).addOneUpTo(k, w, m, s),
  };
}
