import 'server-only';
import { config } from '@/lib/config';
import { openDatabase, type Database } from './client';

export type { Db, Tx, DbOrTx, Database } from './client';
export * as schema from './schema';

// Next.js loads modules more than once per process (instrumentation, routes, dev reloads); two
// PGlite instances on one folder corrupt it, so the handle lives on globalThis.
const globalForDb = globalThis as unknown as { __cspDatabase?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  globalForDb.__cspDatabase ??= openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  }).catch((err) => {
    globalForDb.__cspDatabase = undefined;
    throw err;
  });
  return globalForDb.__cspDatabase;
}
