import pg from 'pg';
import type { Db } from './client';

/** Sends a notification over the listening connection itself (no pool connection needed). */
export type NotifySender = (channel: string, payload: string) => Promise<void>;

export interface ListenHandlers {
  /** A notification on one of the channels. */
  notify(payload: string, channel: string): void;
  /**
   * LISTEN is in place (first time and after every reconnection): anything sent meanwhile was
   * missed. `send` notifies over the same connection until the next `down`.
   */
  up?(send: NotifySender): void;
  /** The connection is lost; a new one is tried a second later, unless the pool has closed. */
  down?(): void;
}

export interface ListenOptions {
  /**
   * PostgreSQL: the session's `application_name`, set once every LISTEN is in place, so that a
   * session seen with this name in `pg_stat_activity` is already listening.
   */
  applicationName?: string;
}

/** True when the handle is a `pg` pool (several processes may share the database). */
export function isPostgres(db: Db): boolean {
  return (db as unknown as { $client: unknown }).$client instanceof pg.Pool;
}

/**
 * LISTEN on `channels` of a database handle: on PostgreSQL over a connection of its own (outside
 * the pool), reconnecting after a loss until the pool itself closes; on PGlite through its own
 * `listen`. Resolves with the function that stops listening. Rejects only if PGlite's `listen`
 * fails; a PostgreSQL connection that cannot be made is reported through `down` and tried again.
 * Channel names must be lower-case identifiers.
 */
export async function listenChannel(
  db: Db,
  channels: string | string[],
  on: ListenHandlers,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  const names = typeof channels === 'string' ? [channels] : channels;
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return listenPostgres(client, names, on, options);
  if (client && typeof (client as { listen?: unknown }).listen === 'function') {
    const pglite = client as {
      listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
      query(sql: string, params: unknown[]): Promise<unknown>;
    };
    const stops: Array<() => Promise<void>> = [];
    for (const channel of names)
      stops.push(await pglite.listen(channel, (payload) => on.notify(payload ?? '', channel)));
    on.up?.(async (channel, payload) => {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    });
    return async () => {
      for (const stop of stops) await stop();
    };
  }
  return async () => {};
}

async function listenPostgres(
  pool: pg.Pool,
  channels: string[],
  on: ListenHandlers,
  options: ListenOptions,
): Promise<() => Promise<void>> {
  let closed = false;
  let current: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    if (closed || pool.ending) return;
    const c = new pg.Client(pool.options);
    current = c;
    let down = false;
    const lost = () => {
      if (down) return;
      down = true;
      c.end().catch(() => {});
      if (closed) return;
      on.down?.();
      // The pool closed (the database handle was closed): nothing to listen for any more.
      if (!pool.ending) setTimeout(() => void connect(), 1000).unref();
    };
    c.on('notification', (m) => on.notify(m.payload ?? '', m.channel));
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${channel}`);
      if (options.applicationName)
        await c.query(`SELECT set_config('application_name', $1, false)`, [options.applicationName]);
    } catch {
      lost();
      return;
    }
    if (!down && !closed)
      on.up?.(async (channel, payload) => {
        await c.query('SELECT pg_notify($1, $2)', [channel, payload]);
      });
  };
  await connect();
  return async () => {
    closed = true;
    await current?.end().catch(() => {});
  };
}
