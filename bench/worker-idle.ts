/**
 * `npm run bench:worker-idle`: what each background worker's pass costs when there is nothing to
 * do — every pass of an idle network, and most passes of a busy one (lib/workers/register.ts runs
 * them every 0.2–5 s for as long as a server lives). A migrated, empty database (an in-memory
 * PGlite; PostgreSQL, a scratch database, with TEST_DB=postgres and TEST_DATABASE_URL), then each
 * worker's pass BENCH_ROUNDS times (default 300, after 100 to warm up), one after the other.
 * Prints per pass the process's CPU (user + system; on PGlite the database's work too, on
 * PostgreSQL the client's only) and the wall time. The webhooks worker pokes the deliverer, whose
 * pass runs apart: its pump's two statements (the outbox's fan-out, the endpoints' claim) are
 * timed in its place. The cut-off and the retention purge are left out: they run hours apart.
 * Last, the one statement in which a server asks all of them whether they have work (lib/workers:
 * a pass runs only where the answer is yes, so this is what an idle server's tick costs).
 */
import { createTestDatabase } from '@/lib/testing/db';
import { bootstrap } from '@/lib/services/setup/bootstrap';
import { askWorkers, WORKERS } from '@/lib/workers';
import { registerAllWorkers } from '@/lib/workers/register';
import { dispatchEvents } from '@/lib/webhooks/outbox';
import { claimEndpoints } from '@/lib/webhooks/store';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 300);
const SKIPPED = new Set(['settlement-cutoff', 'retention-purge']);

const database = await createTestDatabase();
await bootstrap(database.db);
registerAllWorkers();
console.log(`${database.kind}, ${ROUNDS} passes each, nothing to do`);
console.log('worker               CPU ms/pass  wall ms/pass');
const webhooks = {
  name: 'webhooks (pump)',
  run: async (db: typeof database.db) => {
    await dispatchEvents(db);
    await claimEndpoints(db, { endpoints: 8, perEndpoint: 20, leaseMs: 30_000, exclude: [] });
  },
};
const asked = {
  name: 'asked together',
  run: (db: typeof database.db) =>
    askWorkers(
      db,
      WORKERS.filter((x) => x.pending),
    ),
};
for (const w of [...WORKERS.filter((x) => x.name !== 'webhooks'), webhooks, asked]) {
  if (SKIPPED.has(w.name)) continue;
  for (let i = 0; i < 100; i++) await w.run(database.db);
  const cpu = process.cpuUsage();
  const began = performance.now();
  for (let i = 0; i < ROUNDS; i++) await w.run(database.db);
  const used = process.cpuUsage(cpu);
  const wall = (performance.now() - began) / ROUNDS;
  console.log(
    `${w.name.padEnd(20)} ${((used.user + used.system) / 1000 / ROUNDS).toFixed(2).padStart(11)}  ${wall.toFixed(2).padStart(12)}`,
  );
}
await database.close();
process.exit(0);
