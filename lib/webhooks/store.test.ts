import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { createTestDatabase } from '@/lib/testing/db';
import { emitEvents } from '@/lib/events/emit';
import { claimEndpoints, renewAndFetch } from './store';

// What a lane fetches while it holds an endpoint, against a real database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL). Deliveries are written here by hand to set up the one order dispatch
// meets in a cluster: an event that commits after one with a higher seq was already dispatched.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_st', name: 'Store', status: 'verified' });
});
afterAll(async () => {
  await database?.close();
});

async function endpointWithEvents(count: number) {
  const partnerId = newId('part');
  await db()
    .insert(schema.namespaces)
    .values({
      id: partnerId,
      orgId: 'org_st',
      name: partnerId,
      domain: `${partnerId}.test`,
      environment: 'production',
    });
  const webhookId = newId('wh');
  await db()
    .insert(schema.webhooks)
    .values({
      id: webhookId,
      orgId: 'org_st',
      partnerId,
      url: 'http://127.0.0.1:9/',
      eventTypes: ['*'],
      secret: 'whsec_x',
    });
  const ids = await emitEvents(
    db(),
    Array.from({ length: count }, () => ({
      type: 'payment.created' as const,
      orgId: 'org_st',
      partnerId,
      data: {},
    })),
  );
  const events = await db().query.events.findMany({ where: (e, { inArray }) => inArray(e.id, ids) });
  const seqOf = new Map(events.map((e) => [e.id, e.seq]));
  const deliver = (eventId: string) =>
    db()
      .insert(schema.webhookDeliveries)
      .values({
        id: newId('dlv'),
        webhookId,
        eventId,
        eventSeq: Number(seqOf.get(eventId)),
        partnerId,
        eventType: 'payment.created',
      });
  return { webhookId, ids, deliver };
}

describe('a lane holding an endpoint', () => {
  it('fetches an event dispatched after one with a higher seq, rather than skipping it', async () => {
    const { webhookId, ids, deliver } = await endpointWithEvents(3);
    const [first, late, third] = ids as [string, string, string];
    // The first and third are dispatched; the second commits later and is dispatched after them.
    await deliver(first);
    await deliver(third);
    const [claimed] = (
      await claimEndpoints(db(), { endpoints: 100, perEndpoint: 10, leaseMs: 30_000, exclude: [] })
    ).filter((c) => c.id === webhookId);
    expect(claimed!.deliveries.map((d) => d.event.id)).toEqual([first, third]);
    await deliver(late);

    const afterSeq = Math.max(...claimed!.deliveries.map((d) => d.seq));
    const afterDispatched = Math.max(...claimed!.deliveries.map((d) => d.dispatched));
    const next = await renewAndFetch(db(), {
      webhookId,
      lease: claimed!.lease,
      afterSeq,
      afterDispatched,
      perEndpoint: 10,
      leaseMs: 30_000,
    });
    expect(next.lease).not.toBeNull();
    expect(next.deliveries.map((d) => d.event.id)).toEqual([late]);

    // Fetched once: asked again with that one counted, the lane has nothing more.
    const again = await renewAndFetch(db(), {
      webhookId,
      lease: next.lease!,
      afterSeq,
      afterDispatched: Math.max(afterDispatched, ...next.deliveries.map((d) => d.dispatched)),
      perEndpoint: 10,
      leaseMs: 30_000,
    });
    expect(again.deliveries).toEqual([]);
  });
});
