import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { config } from '@/lib/config';
import { RateLimitedError } from '@/lib/errors';
import { logger } from '@/lib/log/logger';

const WINDOW_SECONDS = 60;
const FLUSH_MS = 200;

/** Where the shared counters live: PostgreSQL (default) or Redis (REDIS_URL). */
export interface CounterStore {
  /**
   * Adds `delta` to the counter of (key, window) and returns the new global count. In Redis the
   * counter expires two windows of `windowSeconds` (default a minute) after the last change.
   */
  add(key: string, windowStart: number, delta: number, windowSeconds?: number): Promise<number>;
  /** The global counts of `key` in the windows starting at `windowStarts`, in order; 0 where none. */
  readMany(key: string, windowStarts: number[]): Promise<number[]>;
  /**
   * Adds one to the counter of (key, window) if it then holds at most `max` (at least 1), in one
   * atomic step of the store: the new count, or null when that would exceed `max` (nothing written).
   */
  addOneUpTo(key: string, windowStart: number, max: number, windowSeconds: number): Promise<number | null>;
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
    async readMany(key, windowStarts) {
      const rows = await db
        .select({ windowStart: t.windowStart, count: t.count })
        .from(t)
        .where(and(eq(t.key, key), inArray(t.windowStart, windowStarts)));
      const counts = new Map(rows.map((r) => [r.windowStart, r.count]));
      return windowStarts.map((w) => counts.get(w) ?? 0);
    },
    async addOneUpTo(key, windowStart, max) {
      // The row is locked by the upsert: concurrent callers, on any instance, are serialised here.
      const rows = await db
        .insert(t)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [t.key, t.windowStart],
          set: { count: sql`${t.count} + 1` },
          setWhere: sql`${t.count} < ${max}`,
        })
        .returning({ count: t.count });
      return rows[0]?.count ?? null;
    },
  };
}

// Atomic in Redis: a script runs alone.
const ADD_ONE_UP_TO = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return -1 end
count = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return count`;

export async function redisCounterStore(url: string): Promise<CounterStore & { close(): Promise<void> }> {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const name = (key: string, windowStart: number) => `csp:rl:${key}:${windowStart}`;
  return {
    async add(key, windowStart, delta, windowSeconds = WINDOW_SECONDS) {
      const k = name(key, windowStart);
      const res = await redis
        .multi()
        .incrby(k, delta)
        .expire(k, windowSeconds * 2)
        .exec();
      return Number(res?.[0]?.[1] ?? 0);
    },
    async readMany(key, windowStarts) {
      const values = await redis.mget(windowStarts.map((w) => name(key, w)));
      return values.map((v) => Number(v ?? 0));
    },
    async addOneUpTo(key, windowStart, max, windowSeconds) {
      const count = Number(
        await redis.eval(ADD_ONE_UP_TO, 1, name(key, windowStart), max, windowSeconds * 2),
      );
      return count < 0 ? null : count;
    },
    async close() {
      await redis.quit();
    },
  };
}

interface Bucket {
  windowStart: number;
  /** Global count as of the last flush. */
  known: number;
  /** Requests admitted here whose flush has not been answered yet. */
  inFlight: number;
  /** Requests admitted here since the last flush. */
  pending: number;
}

/**
 * Fixed-window limiter per credential (or per client address, for requests without one), a
 * minute long unless told otherwise. Each
 * instance counts locally and flushes deltas to the shared store every 200 ms, so the limit holds
 * across instances without a write per request; N instances can overshoot by at most what they
 * admit in one flush interval.
 */
export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private store: CounterStore,
    private limitPerWindow: number = config.rateLimitPerMinute,
    private windowSeconds: number = WINDOW_SECONDS,
  ) {}

  /** Counts one request of `credential`; past the limit, throws 429 with `message`. */
  check(credential: string, now = Date.now(), message?: string): void {
    const windowStart = Math.floor(now / 1000 / this.windowSeconds) * this.windowSeconds;
    let b = this.buckets.get(credential);
    if (!b || b.windowStart !== windowStart) {
      b = { windowStart, known: 0, inFlight: 0, pending: 0 };
      this.buckets.set(credential, b);
    }
    if (b.known + b.inFlight + b.pending >= this.limitPerWindow) {
      const retryAfter = Math.max(1, windowStart + this.windowSeconds - Math.floor(now / 1000));
      throw new RateLimitedError(retryAfter, message);
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

  /**
   * Writes every count not yet written, after the flush under way (a stopping process: the
   * database closes once this resolves).
   */
  async flushAll(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }

  async flush(): Promise<void> {
    const current = Math.floor(Date.now() / 1000 / this.windowSeconds) * this.windowSeconds;
    for (const [credential, b] of this.buckets) {
      if (b.windowStart < current && b.pending === 0 && b.inFlight === 0) {
        this.buckets.delete(credential);
        continue;
      }
      if (b.pending === 0) continue;
      // Still counted while the store answers; flushes may overlap and answer out of order, and a
      // window's global count only grows.
      const delta = b.pending;
      b.pending = 0;
      b.inFlight += delta;
      try {
        const total = await this.store.add(credential, b.windowStart, delta, this.windowSeconds);
        b.known = Math.max(b.known, total);
      } catch (err) {
        b.pending += delta;
        logger.warn({ err }, 'rate-limit flush failed');
      } finally {
        b.inFlight -= delta;
      }
    }
  }
}
