import {
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  copyImage,
  discardImage,
  hasImage,
  isEmptyFolder,
  makeImage,
  pgliteImage,
  PGLITE_EXTENSIONS,
  readImageTarball,
} from './pglite-image';
import * as schema from './schema';
import { LOCKS } from './locks';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services accept either a Db or a Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The connection pool's use, for the metrics (PostgreSQL; PGlite has one connection). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined opens an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /**
   * The migrations a PGlite database is made with and brought up to date by: the project's
   * (drizzle/) unless a test of the image itself names a small set of its own, whose image is
   * made in seconds instead of the whole schema's tens of seconds (lib/db/pglite-image.test.ts).
   */
  migrationsFolder?: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.dataDir, options.migrationsFolder ?? MIGRATIONS_FOLDER);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // No JIT: the gateway's statements are short, and compiling one costs more than it saves (a
  // capped count over 10,000 index rows spent 49 ms of its 120 in JIT at 10^7 rows).
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it.
  });
  // Several instances may start at once: one migrates while the others wait on the lock.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCKS.migrations]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.migrations]).catch(() => {});
    client.release();
  }
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

async function openPglite(dataDir: string | undefined, migrationsFolder: string): Promise<Database> {
  let releaseLock = () => {};
  let fresh = true;
  if (dataDir) {
    fresh = isEmptyFolder(dataDir);
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireFolderLock(dataDir);
  }
  const migrate = (pglite: PGlite) => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
  const client = fresh ? await openFromImage(dataDir, migrationsFolder, migrate) : await startPglite(dataDir);
  // Nothing to do after an image; brings an existing database up to date.
  await migrate(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/** A fresh database, from the migrated empty image (lib/db/pglite-image.ts), made first if missing. */
async function openFromImage(
  dataDir: string | undefined,
  migrationsFolder: string,
  migrate: (pglite: PGlite) => Promise<void>,
): Promise<PGlite> {
  const image = pgliteImage(migrationsFolder);
  try {
    if (!hasImage(image)) await makeImage(image, migrate);
    if (!dataDir) return await startPglite(undefined, readImageTarball(image));
    copyImage(image, dataDir);
    return await startPglite(dataDir);
  } catch {
    // A damaged or unwritable image is only a lost shortcut: forget it and run initdb here.
    try {
      discardImage(image);
    } catch {
      // read-only cache folder
    }
    if (dataDir) {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    }
    return startPglite(dataDir);
  }
}

async function startPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const client = new PGlite({ dataDir, loadDataDir, extensions: PGLITE_EXTENSIONS });
  try {
    await client.waitReady;
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
  return client;
}

/**
 * PGlite has no lock between processes: two processes on one folder both "succeed" and lose
 * writes. A pid lock file refuses the second one; a stale lock of a dead process is taken over.
 */
function acquireFolderLock(dataDir: string): () => void {
  const lockPath = path.join(
    path.dirname(path.resolve(dataDir)),
    `.${path.basename(path.resolve(dataDir))}.lock`,
  );
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${dataDir} is in use by process ${pid}. PGlite serves one process only; ` +
          'stop the other process, use another DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
      );
    }
    unlinkSync(lockPath);
  }
  const fd = openSync(lockPath, 'wx');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  const release = () => {
    try {
      if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
