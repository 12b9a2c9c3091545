import { config } from '@/lib/config';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { isPostgres, listenChannel, type NotifySender } from '@/lib/db/listen';
import { rowsOf } from '@/lib/db/rows';
import { logger } from '@/lib/log/logger';

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
 * - the service that makes such a change empties this instance's cache itself, then
 *   (`credentialsChanged`) announces the change and waits until every other live instance has
 *   emptied its own and acknowledged (see `confirmChange`), so no instance accepts the old
 *   credential once the change has answered;
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
const CREDENTIALS_CHANNEL = 'csp_credentials';

/** The `application_name` of every instance's LISTEN session: how a change finds the live instances. */
export const INSTANCE_NAME_PREFIX = 'csp-credentials:';

/** How long a change waits for the other instances' acknowledgements before it answers anyway. */
export const CONFIRM_TIMEOUT_MS = 2000;

const MAX_ENTRIES = 10_000;

/** Where the instance `id` receives the acknowledgements of the changes it announced. */
const ackChannel = (id: string) => `csp_credentials_ack_${id}`;

export class CredentialCache {
  /** This instance on the database (its LISTEN session is named after it). */
  readonly instanceId = randomBytes(8).toString('hex');
  private readonly entries = new Map<string, unknown>();
  private generation = 0;
  /** True while LISTEN is in place; the cache is bypassed otherwise. */
  active = false;
  private closed = false;
  private stopListening: (() => Promise<void>) | null = null;
  /** Notifies over the LISTEN connection while it is up. */
  private send: NotifySender | null = null;
  /** The number of changes this instance has announced, and the latest each other instance acknowledged. */
  private announced = 0;
  private readonly acknowledged = new Map<string, number>();
  private readonly waiters = new Set<(closing?: boolean) => void>();
  /** Settles once the first LISTEN has been tried (for tests and tools). */
  ready: Promise<void> = Promise.resolve();

  /** `caching: false` (CREDENTIAL_CACHE=off) keeps nothing but still listens, to acknowledge changes. */
  constructor(private readonly caching = true) {}

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
      this.stopListening = await listenChannel(
        db,
        [CREDENTIALS_CHANNEL, ackChannel(this.instanceId)],
        {
          notify: (payload, channel) =>
            channel === CREDENTIALS_CHANNEL ? this.heard(payload) : this.acknowledgedBy(payload),
          // Whatever changed while nobody listened is forgotten with the rest.
          up: (send) => {
            this.send = send;
            this.flush();
            this.active = this.caching && !this.closed;
          },
          down: () => {
            this.send = null;
            this.active = false;
            this.flush();
            logger.warn('credential cache: LISTEN lost, every request reads its credential until it is back');
          },
        },
        { applicationName: `${INSTANCE_NAME_PREFIX}${this.instanceId}` },
      );
    } catch (err) {
      logger.warn({ err }, 'credential cache: no LISTEN, every request reads its credential');
    }
  }

  /** A change was committed: forget everything, then acknowledge it if an instance announced it. */
  private heard(payload: string): void {
    this.flush();
    const [from, change] = payload.split(':');
    if (!from || !change || from === this.instanceId || !this.send) return;
    // Best effort: an acknowledgement that does not arrive makes the change wait its bound.
    this.send(ackChannel(from), `${this.instanceId}:${change}`).catch(() => {});
  }

  private acknowledgedBy(payload: string): void {
    const [from, change] = payload.split(':');
    const n = Number(change);
    if (!from || !Number.isSafeInteger(n)) return;
    if (n > (this.acknowledged.get(from) ?? 0)) this.acknowledged.set(from, n);
    for (const check of this.waiters) check();
  }

  /**
   * After a committed change (this instance's cache already emptied): announces it on
   * CREDENTIALS_CHANNEL with this instance's id and a change number, reading in the same statement
   * the instances whose LISTEN session is open on this database, and resolves once each of them
   * has emptied its cache and acknowledged this change (or a later one of this instance), or after
   * CONFIRM_TIMEOUT_MS, logging the silent ones. Notifications reach a listener in commit order and
   * a session takes its name only once it listens, so an instance not in the list either started
   * listening after the change committed (its cache was empty then) or is not listening at all
   * (it is bypassing its cache). PGlite is one process: nothing to wait for.
   */
  async confirmChange(db: Db): Promise<void> {
    if (!isPostgres(db) || this.closed) return;
    await this.ready;
    const change = ++this.announced;
    let row: Record<string, unknown> | undefined;
    try {
      [row] = rowsOf(
        await db.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, ${`${this.instanceId}:${change}`}) as sent,
          array(select substr(application_name, ${INSTANCE_NAME_PREFIX.length + 1}) from pg_stat_activity
            where datname = current_database() and starts_with(application_name, ${INSTANCE_NAME_PREFIX})) as instances`),
      );
    } catch (err) {
      // The change is committed and the trigger's notification on its way: answer, do not fail.
      logger.warn({ err }, 'credential change: not announced; other instances rely on the notification');
      return;
    }
    const others = ((row?.instances as string[] | undefined) ?? []).filter((id) => id !== this.instanceId);
    const silent = () => others.filter((id) => (this.acknowledged.get(id) ?? 0) < change);
    if (silent().length === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const check = (closing?: boolean) => {
        if (closing || silent().length === 0) done();
      };
      const timer = setTimeout(done, CONFIRM_TIMEOUT_MS);
      this.waiters.add(check);
    });
    const missing = silent();
    if (missing.length > 0 && !this.closed)
      logger.warn(
        { instances: missing.map((id) => `${INSTANCE_NAME_PREFIX}${id}`), waitedMs: CONFIRM_TIMEOUT_MS },
        'credential change: not acknowledged by every instance; answering anyway',
      );
  }

  async close(): Promise<void> {
    this.closed = true;
    this.active = false;
    this.send = null;
    this.flush();
    for (const check of this.waiters) check(true);
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
    cache = new CredentialCache(config.credentialCache);
    g.__cspCredentialCaches.set(db, cache);
    cache.ready = cache.listen(db);
  }
  return cache;
}

/**
 * A service changed a key, user, organization or namespace (committed): this instance forgets at
 * once, and the call resolves when every other instance has forgotten too (`confirmChange`).
 * Only credential-changing requests wait; a process that never resolved a credential on this
 * handle (a script) has no listener to hear acknowledgements and does not wait.
 */
export async function credentialsChanged(db: Db): Promise<void> {
  const cache = g.__cspCredentialCaches?.get(db);
  if (!cache) return;
  cache.flush();
  await cache.confirmChange(db);
}
