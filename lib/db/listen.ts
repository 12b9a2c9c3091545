import pg from 'pg';
import type { Db } from './client';

export interface ListenHandlers {
  /** A notification on the channel. */
  notify(): void;
  /** LISTEN is in place (first time and after every reconnection): anything sent meanwhile was missed. */
  up?(): void;
  /** The connection is lost; a new one is tried a second later, unless the pool has closed. */
  down?(): void;
}

/**
 * LISTEN on `channel` of a database handle: on PostgreSQL over a connection of its own (outside the
 * pool), reconnecting after a loss until the pool itself closes; on PGlite through its own
 * `listen`. Resolves with the function that stops listening. Rejects only if PGlite's `listen`
 * fails; a PostgreSQL connection that cannot be made is reported through `down` and tried again.
 */
export async function listenChannel(
  db: Db,
  channel: string,
  on: ListenHandlers,
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return listenPostgres(client, channel, on);
  if (client && typeof (client as { listen?: unknown }).listen === 'function') {
    const pglite = client as { listen(channel: string, cb: () => void): Promise<() => Promise<void>> };
    const stop = await pglite.listen(channel, () => on.notify());
    on.up?.();
    return stop;
  }
  return async () => {};
}

async function listenPostgres(
  pool: pg.Pool,
  channel: string,
  on: ListenHandlers,
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
    c.on('notification', () => on.notify());
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch {
      lost();
      return;
    }
    if (!down && !closed) on.up?.();
  };
  await connect();
  return async () => {
    closed = true;
    await current?.end().catch(() => {});
  };
}
