import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { createTestDatabase } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { emitEvents, type EventType } from '@/lib/events/emit';
import { dispatchEvents } from './outbox';

// The outbox queue (migration 0006) against a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): what the trigger on `events` queues, and what dispatch takes off it.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_q', name: 'Queue', status: 'verified' });
});
afterAll(async () => {
  await database?.close();
});

async function namespace() {
  const id = newId('part');
  await db()
    .insert(schema.namespaces)
    .values({ id, orgId: 'org_q', name: id, domain: `${id}.test`, environment: 'production' });
  return id;
}

async function hook(
  partnerId: string,
  eventTypes: string[],
  extra: Partial<typeof schema.webhooks.$inferInsert> = {},
) {
  const id = newId('wh');
  await db()
    .insert(schema.webhooks)
    .values({
      id,
      orgId: 'org_q',
      partnerId,
      url: 'http://127.0.0.1:9/',
      eventTypes,
      secret: 'whsec_x',
      ...extra,
    });
  return id;
}

const emit = (partnerId: string, types: EventType[], data: Record<string, unknown> = {}) =>
  emitEvents(
    db(),
    types.map((type) => ({ type, orgId: 'org_q', partnerId, data })),
  );

async function queuedIds(ids: string[]) {
  const rows = await db()
    .select({ id: schema.events.id })
    .from(schema.eventQueue)
    .innerJoin(schema.events, eq(schema.events.seq, schema.eventQueue.seq))
    .where(inArray(schema.events.id, ids))
    .orderBy(asc(schema.events.seq));
  return rows.map((r) => r.id);
}

describe('outbox queue', () => {
  it('queues only the events an undeleted webhook of the namespace subscribes to, enabled or not', async () => {
    const quiet = await namespace();
    const typed = await namespace();
    const off = await namespace();
    const gone = await namespace();
    await hook(typed, ['payment.created']);
    await hook(off, ['*'], { enabled: false });
    await hook(gone, ['*'], { deletedAt: new Date() });

    const none = await emit(quiet, ['payment.created', 'payment.submitted']);
    const some = await emit(typed, ['payment.created', 'payment.submitted', 'payment.created']);
    const disabled = await emit(off, ['payment.created']);
    const deleted = await emit(gone, ['payment.created']);

    // Every event is in the outbox; only those some endpoint takes are queued.
    const written = await db()
      .select({ id: schema.events.id })
      .from(schema.events)
      .where(inArray(schema.events.id, [...none, ...some, ...disabled, ...deleted]));
    expect(written).toHaveLength(7);
    expect(await queuedIds([...none, ...deleted])).toEqual([]);
    expect(await queuedIds(some)).toEqual([some[0], some[2]]);
    // A disabled endpoint keeps what it misses (migration 0027).
    expect(await queuedIds(disabled)).toEqual(disabled);
  });

  it('fans out to a disabled endpoint as a failed delivery, never attempted', async () => {
    const ns = await namespace();
    const on = await hook(ns, ['*']);
    const off = await hook(ns, ['*'], { enabled: false });
    const [id] = await emit(ns, ['payment.created']);
    while ((await dispatchEvents(db())) > 0);
    const rows = await db()
      .select({
        webhookId: schema.webhookDeliveries.webhookId,
        status: schema.webhookDeliveries.status,
        attempts: schema.webhookDeliveries.attempts,
      })
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.eventId, id!));
    expect(rows.sort((a, b) => (a.webhookId === on ? -1 : b.webhookId === on ? 1 : 0))).toEqual([
      { webhookId: on, status: 'pending', attempts: 0 },
      { webhookId: off, status: 'failed', attempts: 0 },
    ]);
  });

  it('queues webhook.test only for a namespace that has the named endpoint', async () => {
    const ns = await namespace();
    const other = await namespace();
    const wh = await hook(ns, ['payment.created']);
    const mine = await emit(ns, ['webhook.test'], { webhook_id: wh });
    const elsewhere = await emit(other, ['webhook.test'], { webhook_id: wh });
    expect(await queuedIds(mine)).toEqual(mine);
    expect(await queuedIds(elsewhere)).toEqual([]);
  });

  it('dispatch fans queued events out in order and empties the queue; a rolled-back write queues nothing', async () => {
    const ns = await namespace();
    const a = await hook(ns, ['*']);
    const b = await hook(ns, ['payment.submitted']);
    const ids = await emit(ns, ['payment.created', 'payment.submitted']);
    await db()
      .transaction(async (tx) => {
        await emitEvents(tx, [{ type: 'payment.created', orgId: 'org_q', partnerId: ns, data: {} }]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    while ((await dispatchEvents(db())) > 0);
    expect(await queuedIds(ids)).toEqual([]);
    expect(await db().select().from(schema.eventQueue)).toEqual([]);
    const deliveries = await db()
      .select({ webhookId: schema.webhookDeliveries.webhookId, eventId: schema.webhookDeliveries.eventId })
      .from(schema.webhookDeliveries)
      .where(inArray(schema.webhookDeliveries.webhookId, [a, b]));
    const pairs = (list: Array<{ webhookId: string; eventId: string }>) =>
      list.map((d) => `${d.eventId} → ${d.webhookId}`).sort();
    expect(pairs(deliveries)).toEqual(
      pairs([
        { webhookId: a, eventId: ids[0]! },
        { webhookId: a, eventId: ids[1]! },
        { webhookId: b, eventId: ids[1]! },
      ]),
    );
  });
});
