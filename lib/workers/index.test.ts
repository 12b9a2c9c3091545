import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { holds } from '@/lib/db/rows';
import { newId } from '@/lib/ids';
import { createTestDatabase } from '@/lib/testing/db';
import { emitEvents } from '@/lib/events/emit';
import { dispatchEvents } from '@/lib/webhooks/outbox';
import { claimEndpoints, deliveryWork } from '@/lib/webhooks/store';
import { askWorkers, startWorkers, stopWorkers, WORKERS, type Worker } from './index';

// The workers' runner against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
// questions are real statements, the passes count their runs.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const registered = [...WORKERS];
afterEach(async () => {
  await stopWorkers();
  WORKERS.splice(0, WORKERS.length, ...registered);
});

/** A worker that counts its passes (and how many ran at once), each taking `passMs`. */
function counting(name: string, intervalMs: number, pending?: () => ReturnType<typeof sql>, passMs = 0) {
  const seen = { runs: 0, atOnce: 0, most: 0 };
  const worker: Worker = {
    name,
    intervalMs,
    ...(pending && { pending }),
    run: async () => {
      seen.runs++;
      seen.most = Math.max(seen.most, ++seen.atOnce);
      await new Promise((r) => setTimeout(r, passMs));
      seen.atOnce--;
    },
  };
  return { worker, seen };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('workers asked together', () => {
  it('answers each worker’s question in one statement', async () => {
    const idle = counting('idle', 40, () => sql`false`);
    const busy = counting('busy', 40, () => sql`(SELECT count(*) FROM organizations) >= 0`);
    expect(await askWorkers(db(), [idle.worker, busy.worker])).toEqual([false, true]);
  });

  it('runs only the passes whose question says there is work, each at its own interval; the others on their own timers', async () => {
    const idle = counting('idle', 40, () => sql`false`);
    const busy = counting('busy', 40, () => sql`true`);
    const slow = counting('slow', 160, () => sql`true`);
    const own = counting('own', 40);
    WORKERS.splice(0, WORKERS.length, idle.worker, busy.worker, slow.worker, own.worker);
    startWorkers(db());
    await wait(700);
    await stopWorkers();
    expect(idle.seen.runs).toBe(0);
    expect(busy.seen.runs).toBeGreaterThanOrEqual(3);
    expect(own.seen.runs).toBeGreaterThanOrEqual(3);
    expect(slow.seen.runs).toBeGreaterThanOrEqual(1);
    expect(slow.seen.runs).toBeLessThan(busy.seen.runs);
  });

  it('never runs a pass beside the same worker’s previous one', async () => {
    const long = counting('long', 20, () => sql`true`, 150);
    WORKERS.splice(0, WORKERS.length, long.worker);
    startWorkers(db());
    await wait(600);
    await stopWorkers();
    expect(long.seen.runs).toBeGreaterThanOrEqual(2);
    expect(long.seen.most).toBe(1);
  });

  it('runs the due passes when the question itself fails', async () => {
    const broken = counting('broken', 40, () => sql`csp_no_such_function()`);
    WORKERS.splice(0, WORKERS.length, broken.worker);
    startWorkers(db());
    await wait(400);
    await stopWorkers();
    expect(broken.seen.runs).toBeGreaterThanOrEqual(1);
  });

  it('calls start once, before any pass', async () => {
    let started = 0;
    const w = counting('started', 40, () => sql`true`);
    WORKERS.splice(0, WORKERS.length, { ...w.worker, start: () => void started++ });
    startWorkers(db());
    expect(started).toBe(1);
    await wait(200);
    await stopWorkers();
    expect(started).toBe(1);
  });
});

describe('the webhooks worker’s question', () => {
  it('is true while events wait to be fanned out or an endpoint no one holds has a delivery due, false once it is held', async () => {
    await db().insert(schema.organizations).values({ id: 'org_wk', name: 'Workers', status: 'verified' });
    const partnerId = newId('part');
    await db()
      .insert(schema.namespaces)
      .values({
        id: partnerId,
        orgId: 'org_wk',
        name: partnerId,
        domain: `${partnerId}.test`,
        environment: 'production',
      });
    expect(await holds(db(), deliveryWork())).toBe(false);
    await db()
      .insert(schema.webhooks)
      .values({
        id: newId('wh'),
        orgId: 'org_wk',
        partnerId,
        url: 'http://127.0.0.1:9/',
        eventTypes: ['*'],
        secret: 'whsec_x',
      });
    await emitEvents(db(), [{ type: 'payment.created', orgId: 'org_wk', partnerId, data: {} }]);
    // Queued for the fan-out.
    expect(await holds(db(), deliveryWork())).toBe(true);
    expect(await dispatchEvents(db())).toBe(1);
    // Fanned out: a delivery due at an endpoint no instance holds.
    expect(await holds(db(), deliveryWork())).toBe(true);
    const claimed = await claimEndpoints(db(), {
      endpoints: 10,
      perEndpoint: 10,
      leaseMs: 30_000,
      exclude: [],
    });
    expect(claimed.map((c) => c.deliveries.length)).toEqual([1]);
    // Held by the instance that claimed it: nothing for another pump.
    expect(await holds(db(), deliveryWork())).toBe(false);
  });
});
