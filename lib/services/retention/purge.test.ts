import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { createTestDatabase } from '@/lib/testing/db';
import { purgePastRetention } from './purge';

// The retention purge on the real tables (PGlite, and PostgreSQL with TEST_DATABASE_URL), with
// the default periods: idempotency 24 h, events 7 days, finished deliveries 30 days, counters 24 h.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;
const hours = (h: number) => new Date(Date.now() - h * 3600 * 1000);
/** An identifier made `h` hours ago (lib/ids.ts: the time comes first). */
const idFrom = (prefix: string, h: number, tag: string) =>
  `${prefix}_${hours(h).getTime().toString(36).padStart(9, '0')}${tag.padEnd(16, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(schema.organizations).values({ id: 'org_r', name: 'R', status: 'verified' });
  await db()
    .insert(schema.namespaces)
    .values({ id: 'part_r', orgId: 'org_r', name: 'R', domain: 'r.test', environment: 'production' });
  // Subscribed to a type the test never writes: the outbox trigger queues none of its events;
  // the test queues its own.
  await db()
    .insert(schema.webhooks)
    .values({
      enabled: false,
      id: 'wh_r',
      orgId: 'org_r',
      partnerId: 'part_r',
      url: 'https://r.test/',
      eventTypes: ['api_key.rotated'],
      secret: 'x',
    });
});
afterAll(() => database?.close());

async function event(tag: string, h: number): Promise<number> {
  const [row] = await db()
    .insert(schema.events)
    .values({
      id: idFrom('evt', h, tag),
      type: 'payment.created',
      orgId: 'org_r',
      partnerId: 'part_r',
      data: {},
      createdAt: hours(h),
    })
    .returning({ seq: schema.events.seq });
  return row!.seq;
}

async function delivery(tag: string, h: number, seq: number, status: 'pending' | 'succeeded' | 'failed') {
  const id = idFrom('dlv', h, tag);
  await db()
    .insert(schema.webhookDeliveries)
    .values({
      id,
      webhookId: 'wh_r',
      eventId: `evt_${tag}`,
      eventSeq: seq,
      partnerId: 'part_r',
      eventType: 'payment.created',
      status,
      createdAt: hours(h),
    });
  await db()
    .insert(schema.webhookAttempts)
    .values({
      id: idFrom('att', h, tag),
      deliveryId: id,
      latencyMs: 5,
      statusCode: 200,
      attemptedAt: hours(h),
    });
  return id;
}

describe('the retention purge', () => {
  it('deletes what is past each retention and nothing else, and keeps what is still owed', async () => {
    await db()
      .insert(schema.idempotencyKeys)
      .values([
        { keyHash: 'old-done', state: 'done', fingerprint: 'f', createdAt: hours(25) },
        { keyHash: 'old-in-flight', state: 'in_flight', fingerprint: 'f', createdAt: hours(30) },
        { keyHash: 'recent-done', state: 'done', fingerprint: 'f', createdAt: hours(23) },
        { keyHash: 'new-in-flight', state: 'in_flight', fingerprint: 'f', createdAt: hours(0) },
      ]);
    const oldEvent = await event('old', 24 * 8);
    const oldQueued = await event('oldqueued', 24 * 8);
    await db().insert(schema.eventQueue).values({ seq: oldQueued });
    const oldOwed = await event('oldowed', 24 * 8);
    const recentEvent = await event('recent', 24 * 6);
    const oldDone = await delivery('olddone', 24 * 31, oldEvent, 'succeeded');
    const oldFailed = await delivery('oldfailed', 24 * 31, oldEvent, 'failed');
    const oldPending = await delivery('oldpending', 24 * 31, oldOwed, 'pending');
    const recentDone = await delivery('recentdone', 24 * 29, recentEvent, 'succeeded');
    // The windows' starts fixed once: read again later, "an hour ago" may be in the next minute.
    const minute = (h: number) => Math.floor(hours(h).getTime() / 60_000) * 60;
    const [dayAgo, hourAgo] = [minute(25), minute(1)];
    await db()
      .insert(schema.rateLimitCounters)
      .values([
        { key: 'k', windowStart: dayAgo, count: 1 },
        { key: 'k', windowStart: hourAgo, count: 1 },
      ]);

    const counts = await purgePastRetention(db(), database.kind);
    expect(counts).toEqual({ idempotency: 2, events: 1, deliveries: 2, counters: 1 });

    const keys = await db().select({ k: schema.idempotencyKeys.keyHash }).from(schema.idempotencyKeys);
    expect(keys.map((r) => r.k).sort()).toEqual(['new-in-flight', 'recent-done']);
    const seqs = await db().select({ s: schema.events.seq }).from(schema.events);
    expect(seqs.map((r) => r.s).sort()).toEqual([oldQueued, oldOwed, recentEvent].sort());
    const deliveries = await db().select({ id: schema.webhookDeliveries.id }).from(schema.webhookDeliveries);
    expect(deliveries.map((r) => r.id).sort()).toEqual([oldPending, recentDone].sort());
    const attempts = await db()
      .select({ d: schema.webhookAttempts.deliveryId })
      .from(schema.webhookAttempts)
      .where(inArray(schema.webhookAttempts.deliveryId, [oldDone, oldFailed, oldPending, recentDone]));
    expect(attempts.map((r) => r.d).sort()).toEqual([oldPending, recentDone].sort());
    const windows = rowsOf(await db().execute(sql`SELECT window_start FROM rate_limit_counters`));
    expect(windows.map((r) => Number(r.window_start))).toEqual([hourAgo]);

    // Nothing left to purge.
    expect(await purgePastRetention(db(), database.kind)).toEqual({
      idempotency: 0,
      events: 0,
      deliveries: 0,
      counters: 0,
    });
  });

  it('purges a backlog larger than one batch', async () => {
    await db().execute(sql`
      INSERT INTO idempotency_keys (key_hash, fingerprint, state, created_at)
      SELECT 'bulk-' || g, 'f', 'done', now() - interval '2 days' FROM generate_series(1, 12001) g`);
    expect((await purgePastRetention(db(), database.kind)).idempotency).toBe(12_001);
  });

  it('purges request log entries past RETENTION_REQUEST_LOG_SECONDS (7 days), in every namespace', async () => {
    await db()
      .insert(schema.namespaces)
      .values({ id: 'part_r2', orgId: 'org_r', name: 'R2', domain: 'r2.test', environment: 'sandbox' });
    const entry = (partnerId: string, h: number, tag: string) => ({
      partnerId,
      id: idFrom('req', h, tag),
      requestId: idFrom('req', h, tag),
      orgId: 'org_r',
      at: hours(h),
      method: 'GET',
      path: '/api/v1/csp/payments',
      status: 200,
      statusClass: 2,
      latencyMs: 1,
      credential: 'key:api_r',
      actor: 'r',
      replayed: false,
    });
    // 12,001 old entries in one namespace (more than a batch), one in another, and recent ones.
    const oldPrefix = idFrom('req', 9 * 24, '').slice(0, -16);
    await db().execute(sql`
      INSERT INTO request_logs (partner_id, id, request_id, org_id, at, method, path, status, status_class, latency_ms, credential, actor, replayed)
      SELECT 'part_r', ${oldPrefix} || lpad(g::text, 16, '0'),
        'x' || g, 'org_r', now() - interval '9 days', 'GET', '/p', 200, 2, 1, 'key:api_r', 'r', false
      FROM generate_series(1, 12001) g`);
    await db()
      .insert(schema.requestLogs)
      .values([entry('part_r2', 8 * 24, 'old'), entry('part_r', 1, 'new'), entry('part_r2', 6 * 24, 'kept')]);
    await purgePastRetention(db(), database.kind);
    const left = await db()
      .select({ partnerId: schema.requestLogs.partnerId, id: schema.requestLogs.id })
      .from(schema.requestLogs);
    // Compared by tag: the ids above were made with the clock of their own moment.
    const tagOf = (id: string) => id.slice('req_'.length + 9).replace(/0+$/, '');
    expect(left.map((r) => `${r.partnerId}:${tagOf(r.id)}`).sort()).toEqual(['part_r2:kept', 'part_r:new']);
  });
});
