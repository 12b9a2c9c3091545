import { getDatabase } from '@/lib/db';
import { flushHeldWrites } from '@/lib/db/held-writes';
import { config } from '@/lib/config';
import { productionConfigProblems } from './production-config';
import { bootstrap } from '@/lib/services/setup/bootstrap';
import { recoverStaleBatches } from '@/lib/services/settlement/cutoff';
import { startWorkers, stopWorkers } from '@/lib/workers';
import { registerAllWorkers } from '@/lib/workers/register';
import { logger } from '@/lib/log/logger';
import { sealStoredWebhookSecrets } from '@/lib/webhooks/secret-at-rest';
import { stopWebhookDeliverer } from '@/lib/webhooks/worker';
import { stopTracing } from './tracing';
import { demoDataHeld, demoKeyTenant } from '@/lib/seed/demo-detect';
import { requestLogWriter } from '@/lib/services/request-logs/writer';

const g = globalThis as unknown as { __cspStarted?: Promise<void> };

/** The line `npm start` reads a start-up step from (scripts/start.ts); other hosts print nothing. */
const START_STEP_PREFIX = '[csp-start-step] ';

/**
 * Reports a step of the start to `npm start` (CSP_START_STEPS=1), which shows it with its time;
 * `more`: what the step found that the start prints (the demo key's tenant).
 */
function reportStep(step: string, ms: number, detail: string, more: Record<string, unknown> = {}): void {
  if (process.env.CSP_START_STEPS !== '1') return;
  process.stdout.write(
    `${START_STEP_PREFIX}${JSON.stringify({ step, ms: Math.round(ms), detail, ...more })}\n`,
  );
}

/**
 * A production process without strong secrets does not serve: it names what to set, on one line
 * per setting, and exits before opening the database. `dashboard`: the Next.js host, which also
 * serves the dashboard's sessions (its instrumentation hook is the first caller there).
 */
async function refuseWeakSecrets(host: { dashboard: boolean }): Promise<void> {
  const problems = await productionConfigProblems(host);
  if (problems.length === 0) return;
  refuse(problems);
}

function refuse(problems: string[]): never {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

/** Opens the database (migrating it), bootstraps the operator and Sandbox Bank, starts workers. */
export function startServices(host: { dashboard: boolean } = { dashboard: false }): Promise<void> {
  g.__cspStarted ??= (async () => {
    await refuseWeakSecrets(host);
    let began = performance.now();
    const database = await getDatabase();
    reportStep('database', performance.now() - began, `${database.kind}, migrated to this build's schema`);
    if (config.production) {
      const demo = await demoDataHeld(database.db);
      if (demo) refuse([demo]);
    }
    await bootstrap(database.db);
    await recoverStaleBatches(database.db);
    await sealStoredWebhookSecrets(database.db);
    if (config.seedDemo) {
      began = performance.now();
      const { seedDemo } = await import('@/lib/seed');
      const seeded = await seedDemo(database.db);
      // The tenant of the demo key, for the curl `npm start` prints: read here, where the
      // database is open (PGlite has one owner), rather than by signing in as someone.
      const demoKey = process.env.CSP_START_STEPS === '1' ? await demoKeyTenant(database.db) : null;
      reportStep('demo data', performance.now() - began, seeded ? 'seeded' : 'already there, skipped', {
        demoKey,
      });
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
async function stopServices(): Promise<void> {
  await stopWorkers();
  await stopWebhookDeliverer();
  // What is still held in memory (the request log's entries, the rate limiters' counts) is
  // written before the database closes.
  await Promise.all([requestLogWriter((await getDatabase()).db).flush(), flushHeldWrites()]);
  g.__cspStarted = undefined;
}

/**
 * What both hosts do once no request is in flight on a stop: the services stop gracefully
 * (above), the database is closed and the traces not yet exported are sent. At most `boundMs`.
 */
export async function stopProcess(boundMs = 10_000): Promise<void> {
  const started = performance.now();
  await Promise.race([
    (async () => {
      await stopServices();
      await (await getDatabase()).close();
      await stopTracing();
    })(),
    new Promise((resolve) => setTimeout(resolve, boundMs).unref()),
  ]);
  logger.info({ ms: Math.round(performance.now() - started) }, 'services stopped');
}

/**
 * The Next.js host's graceful stop. `next start` answers SIGTERM and SIGINT by closing its server
 * (no new connection; the requests in flight finish) and then calling `process.exit`; that exit
 * is held here until `stopProcess` is done, so the workers finish their pass (a cut-off releases
 * its lock), the webhook deliverer records its attempts and releases its endpoints, and the
 * database is closed cleanly (PGlite's folder included).
 */
export function stopWithNextJs(): void {
  const hold = () => {
    const exit = process.exit.bind(process);
    let stopping: Promise<void> | undefined;
    process.exit = ((code?: number) => {
      stopping ??= stopProcess();
      void stopping.finally(() => exit(code));
    }) as typeof process.exit;
  };
  process.once('SIGTERM', hold);
  process.once('SIGINT', hold);
}
