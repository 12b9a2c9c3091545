import { getDatabase } from '@/lib/db';
import { config, productionConfigProblems } from '@/lib/config';
import { bootstrap } from '@/lib/services/bootstrap';
import { recoverStaleBatches } from '@/lib/services/settlement/cutoff';
import { startWorkers, stopWorkers } from '@/lib/workers';
import { registerAllWorkers } from '@/lib/workers/register';
import { logger } from '@/lib/log/logger';
import { sealStoredWebhookSecrets } from '@/lib/webhooks/secret-at-rest';
import { stopWebhookDeliverer } from '@/lib/webhooks/worker';

const g = globalThis as unknown as { __cspStarted?: Promise<void> };

/**
 * A production process without strong secrets does not serve: it names what to set, on one line
 * per setting, and exits before opening the database. `dashboard`: the Next.js host, which also
 * serves the dashboard's sessions (its instrumentation hook is the first caller there).
 */
function refuseWeakSecrets(host: { dashboard: boolean }): void {
  const problems = productionConfigProblems(host);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

/** Opens the database (migrating it), bootstraps the operator and Sandbox Bank, starts workers. */
export function startServices(host: { dashboard: boolean } = { dashboard: false }): Promise<void> {
  g.__cspStarted ??= (async () => {
    refuseWeakSecrets(host);
    const database = await getDatabase();
    await bootstrap(database.db);
    await recoverStaleBatches(database.db);
    await sealStoredWebhookSecrets(database.db);
    if (config.seedDemo) {
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

/**
 * The graceful half of a stop (SIGTERM): the workers finish the pass they are in and start no
 * other (a cut-off completes and releases its lock), and the webhook deliverer finishes the
 * attempts under way, records them and releases its endpoint leases, so another instance takes
 * the endpoints at once instead of after the lease. The database is closed by the caller, after.
 */
export async function stopServices(): Promise<void> {
  await stopWorkers();
  await stopWebhookDeliverer();
  g.__cspStarted = undefined;
}
