import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { config } from '@/lib/config';
import { RateLimitedError } from '@/lib/errors';
import { logger } from './logger';

const WINDOW_SECONDS = 60;
const FLUSH_MS = 200;

/** Where the shared counters live: PostgreSQL (default) or Redis (REDIS_URL). */
export interface CounterStore {
  /** Adds `delta` to the counter of (key, window) and returns the new global count. */
  add(key: string, windowStart: number, delta: number): Promise<number>;
}

export function postgresCounterStore(db: Db): CounterStore {
  const t = schema.rateLimitCounters;
  return {
    async add(key, windowStart, delta) {
      const rows = await db
        .insert(t)
        .values({ key, windowStart, count: delta })
        .onConflictDoUpdate({ target: [t.key, t.windowStart], set: { count: sql`${t.count} + ${delta}` } })
        .returning({ count: t.count });
      return rows[0]!.count;
    },
  };
}

export async function redisCounterStore(url: string): Promise<CounterStore> {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async add(key, windowStart, delta) {
      const k = `csp:rl:${key}:${windowStart}`;
      const res = await redis.multi().incrby(k, delta).expire(k, WINDOW_SECONDS * 2).exec();
      return Number(res?.[0]?.[1] ?? 0);
    },
  };
}

interface Bucket {
  windowStart: number;
  /** Global count as of the last flush. */
  known: number;
  /** Requests admitted here since the last flush. */
  pending: number;
}

/**
 * Per-credential fixed-window limiter. Each instance counts locally and flushes deltas to the
 * shared store every 200 ms, so the limit holds across instances without a write per request;
 * N instances can overshoot by at most what they admit in one flush interval.
 */
export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private store: CounterStore,
    private limitPerWindow: number = config.rateLimitPerMinute,
  ) {}

  check(credential: string, now = Date.now()): void {
    const windowStart = Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    let b = this.buckets.get(credential);
    if (!b || b.windowStart !== windowStart) {
      b = { windowStart, known: 0, pending: 0 };
      this.buckets.set(credential, b);
    }
    if (b.known + b.pending >= this.limitPerWindow) {
      const retryAfter = Math.max(1, windowStart + WINDOW_SECONDS - Math.floor(now / 1000));
      throw new RateLimitedError(retryAfter);
    }
    b.pending++;
    this.schedule();
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush().finally(() => (this.flushing = undefined));
    }, FLUSH_MS);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    const current = Math.floor(Date.now() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    for (const [credential, b] of this.buckets) {
      if (b.windowStart < current && b.pending === 0) {
        this.buckets.delete(credential);
        continue;
      }
      if (b.pending === 0) continue;
      const delta = b.pending;
      b.pending = 0;
      try {
        const total = await this.store.add(credential, b.windowStart, delta);
        b.known = total;
      } catch (err) {
        b.pending += delta;
        logger.warn({ err: (err as Error).message }, 'rate-limit flush failed');
      }
    }
  }
}
