import type { Db } from '@/lib/db';
import { listenChannel } from '@/lib/db/listen';
import { logger } from './logger';

/**
 * Resolved credentials (an API key with its namespace and organization; a user with the namespace
 * named by `x-partner-id`), kept per instance so that a request costs no database round trip for
 * them. DESIGN §3 wants a rotated, disabled or deleted key (and a removed or re-roled user)
 * refused from the moment the change commits, so the cache is only used while this instance
 * hears about every change:
 *
 * - a trigger on `api_keys`, `users`, `organizations` and `namespaces` (migration 0007) notifies
 *   CREDENTIALS_CHANNEL in the transaction of any change to a column a lookup reads; PostgreSQL
 *   and PGlite deliver it on commit, and every instance empties its cache when it arrives;
 * - the service that makes such a change empties this instance's cache itself before it answers
 *   (`credentialsChanged`), so its own next request cannot precede the notification;
 * - the cache is bypassed until LISTEN is in place, and again as soon as its connection fails
 *   (emptied then: changes may have been missed); it is used again once LISTEN is back;
 * - a lookup that was under way while the cache was emptied does not store its row (the
 *   generation moved on), since it may have read the state from before the change;
 * - a hit waits for the event loop's current poll phase to finish (`setImmediate`), so that a
 *   notification already received on the socket is handled before the entry is trusted.
 *
 * Only successful resolutions are kept; unknown secrets and refused tokens go to the database
 * every time (the rate limiter bounds them).
 */
export const CREDENTIALS_CHANNEL = 'csp_credentials';

const MAX_ENTRIES = 10_000;

export class CredentialCache {
  private readonly entries = new Map<string, unknown>();
  private generation = 0;
  /** True while LISTEN is in place; the cache is bypassed otherwise. */
  active = false;
  private closed = false;
  private stopListening: (() => Promise<void>) | null = null;
  /** Settles once the first LISTEN has been tried (for tests and tools). */
  ready: Promise<void> = Promise.resolve();

  /** The entry, once pending notifications have been handled; undefined on a miss or when bypassed. */
  async get<T>(key: string): Promise<T | undefined> {
    if (!this.active || !this.entries.has(key)) return undefined;
    await new Promise<void>((resolve) => setImmediate(resolve));
    return this.active ? (this.entries.get(key) as T | undefined) : undefined;
  }

  /** Call before the lookup; pass the result to `set`, which stores nothing if a flush came between. */
  mark(): number {
    return this.generation;
  }

  set(key: string, value: unknown, mark: number): void {
    if (!this.active || mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, value);
  }

  flush(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Starts listening for changes (once); the cache is active while the listener is. */
  async listen(db: Db): Promise<void> {
    try {
      this.stopListening = await listenChannel(db, CREDENTIALS_CHANNEL, {
        notify: () => this.flush(),
        // Whatever changed while nobody listened is forgotten with the rest.
        up: () => {
          this.flush();
          this.active = !this.closed;
        },
        down: () => {
          this.active = false;
          this.flush();
          logger.warn('credential cache: LISTEN lost, every request reads its credential until it is back');
        },
      });
    } catch (err) {
      logger.warn({ err }, 'credential cache: no LISTEN, every request reads its credential');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.active = false;
    this.flush();
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch(() => {});
  }
}

// One cache per database handle and process: on globalThis, because Next.js loads this module
// more than once per process, and a service's flush must reach the cache the routes read.
const g = globalThis as unknown as { __cspCredentialCaches?: WeakMap<Db, CredentialCache> };

/** The cache of this database handle; its listener starts on first use. */
export function credentialCache(db: Db): CredentialCache {
  g.__cspCredentialCaches ??= new WeakMap();
  let cache = g.__cspCredentialCaches.get(db);
  if (!cache) {
    cache = new CredentialCache();
    g.__cspCredentialCaches.set(db, cache);
    if (process.env.CREDENTIAL_CACHE !== 'off') cache.ready = cache.listen(db);
  }
  return cache;
}

/** A service changed a key, user, organization or namespace: this instance forgets at once. */
export function credentialsChanged(db: Db): void {
  g.__cspCredentialCaches?.get(db)?.flush();
}
