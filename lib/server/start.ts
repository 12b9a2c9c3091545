import { getDatabase } from '@/lib/db';
import { config } from '@/lib/config';
import { bootstrap } from '@/lib/services/bootstrap';
import { recoverStaleBatches } from '@/lib/services/settlement/cutoff';
import { startWorkers } from '@/lib/workers';
import { registerAllWorkers } from '@/lib/workers/register';
import { logger } from '@/lib/api/logger';

const g = globalThis as unknown as { __cspStarted?: Promise<void> };

/** Opens the database (migrating it), bootstraps the operator and Sandbox Bank, starts workers. */
export function startServices(): Promise<void> {
  g.__cspStarted ??= (async () => {
    const database = await getDatabase();
    await bootstrap(database.db);
    await recoverStaleBatches(database.db);
    if (process.env.SEED_DEMO === 'true') {
      const { seedDemo } = await import('@/lib/seed');
      await seedDemo(database.db);
    }
    if (config.workersEnabled) {
      registerAllWorkers();
      startWorkers(database.db);
    }
    logger.info({ database: database.kind }, 'services started');
  })();
  return g.__cspStarted;
}
