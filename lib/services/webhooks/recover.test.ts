import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, reviewedSandboxAdmin } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import type { ServiceContext } from '@/lib/services/context';
import { listenChannel } from '@/lib/db/listen';
import { EVENTS_CHANNEL } from '@/lib/events/emit';
import { recoverDeliveries, RECOVER_BATCH, retryDelivery } from './deliveries';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ServiceContext;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = await reviewedSandboxAdmin(database.db, 'Recovery Bank', 'recovery@example.test');
});
afterAll(async () => database?.close());

/** Event rows far above the outbox's own sequence, so that the test's seqs never meet it. */
const SEQ = 1_000_000_000;
/** The outbox events of seqs SEQ + from … SEQ + to, as dispatch would have read them. */
async function keepEvents(ns: { id: string; orgId: string }, from: number, to: number) {
  await database.db.execute(sql`
    INSERT INTO events (seq, id, type, org_id, partner_id, data)
    SELECT ${SEQ} + i, 'evt_' || i, 'webhook.test', ${ns.orgId}, ${ns.id}, '{}'::jsonb
    FROM generate_series(${from}::int, ${to}::int) i`);
}

/** An endpoint of the namespace (its secret is never opened here). */
async function addWebhook(ns: { id: string; orgId: string }, id: string, url: string) {
  await database.db
    .insert(schema.webhooks)
    .values({ id, orgId: ns.orgId, partnerId: ns.id, url, eventTypes: ['*'], secret: 'sealed' });
}

describe('recovering failed deliveries in bounded batches', () => {
  it('moves 1,000 per call, oldest first, says how many remain, and leaves older failures alone', async () => {
    const db = database.db;
    const ns = ctx.namespace!;
    await addWebhook(ns, 'wh_recover', 'https://hooks.example.test/in');
    // 1,001 failed deliveries of the last hour, one a day old, and one already pending.
    await db.execute(sql`
      INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, partner_id, event_type, status, attempts, created_at)
      SELECT 'whd_' || lpad(i::text, 5, '0'), 'wh_recover', 'evt_' || i, ${SEQ} + i, ${ns.id}, 'webhook.test',
             CASE WHEN i = 1003 THEN 'pending' ELSE 'failed' END, 8,
             CASE WHEN i = 0 THEN now() - interval '1 day' ELSE now() - interval '1 hour' + i * interval '1 second' END
      FROM generate_series(0, 1003) i WHERE i <> 1002`);
    await keepEvents(ns, 0, 1003);
    const since = Math.floor(Date.now() / 1000) - 2 * 3600;

    expect(await recoverDeliveries(ctx, 'wh_recover', { since })).toEqual({
      recovered: RECOVER_BATCH,
      remaining: 1,
      has_more: true,
    });
    const stillFailed = await db
      .select({ id: schema.webhookDeliveries.id })
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.status, 'failed'))
      .orderBy(schema.webhookDeliveries.id);
    // Oldest first: the newest of the hour is left for the next call; the day-old one is before `since`.
    expect(stillFailed.map((r) => r.id)).toEqual(['whd_00000', 'whd_01001']);

    expect(await recoverDeliveries(ctx, 'wh_recover', { since })).toEqual({
      recovered: 1,
      remaining: 0,
      has_more: false,
    });
    expect(await recoverDeliveries(ctx, 'wh_recover', { since })).toEqual({
      recovered: 0,
      remaining: 0,
      has_more: false,
    });
    const byStatus = await db
      .select({ status: schema.webhookDeliveries.status, n: sql<number>`count(*)::int` })
      .from(schema.webhookDeliveries)
      .groupBy(schema.webhookDeliveries.status)
      .orderBy(schema.webhookDeliveries.status);
    expect(byStatus).toEqual([
      { status: 'failed', n: 1 },
      { status: 'pending', n: 1002 },
    ]);
    const audit = await db
      .select({ changes: schema.auditEvents.changes })
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, 'webhook.recovered'));
    expect(audit.map((a) => a.changes?.after)).toEqual([
      { since, recovered: 1000 },
      { since, recovered: 1 },
    ]);
  });

  it('leaves failed a delivery whose event is past its retention (its payload cannot be rebuilt)', async () => {
    const db = database.db;
    const ns = ctx.namespace!;
    await addWebhook(ns, 'wh_old', 'https://hooks.example.test/old');
    await db.execute(sql`
      INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, partner_id, event_type, status, attempts)
      VALUES ('whd_kept', 'wh_old', 'evt_5000', ${SEQ} + 5000, ${ns.id}, 'webhook.test', 'failed', 0),
             ('whd_gone', 'wh_old', 'evt_5001', ${SEQ} + 5001, ${ns.id}, 'webhook.test', 'failed', 3)`);
    await keepEvents(ns, 5000, 5000);
    expect(await recoverDeliveries(ctx, 'wh_old', { since: 0 })).toEqual({
      recovered: 1,
      remaining: 0,
      has_more: false,
    });
    const rows = await db
      .select({ id: schema.webhookDeliveries.id, status: schema.webhookDeliveries.status })
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.webhookId, 'wh_old'))
      .orderBy(schema.webhookDeliveries.id);
    expect(rows).toEqual([
      { id: 'whd_gone', status: 'failed' },
      { id: 'whd_kept', status: 'pending' },
    ]);
  });

  it('wakes delivery on every instance when a retry or a recovery commits, not at the next poll', async () => {
    const db = database.db;
    const ns = ctx.namespace!;
    let woken = 0;
    const stop = await listenChannel(db, EVENTS_CHANNEL, { notify: () => woken++ });
    try {
      await addWebhook(ns, 'wh_wake', 'https://hooks.example.test/wake');
      await db.execute(sql`
        INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, partner_id, event_type, status, attempts)
        VALUES ('whd_wake', 'wh_wake', 'evt_6000', ${SEQ} + 6000, ${ns.id}, 'webhook.test', 'failed', 8)`);
      await keepEvents(ns, 6000, 6000);
      const notified = async (n: number) => {
        for (let i = 0; i < 100 && woken < n; i++) await new Promise((r) => setTimeout(r, 20));
        return woken;
      };
      expect(await notified(0)).toBe(0);
      await recoverDeliveries(ctx, 'wh_wake', { since: 0 });
      expect(await notified(1)).toBe(1);
      // Nothing left to recover: nothing to wake for.
      await recoverDeliveries(ctx, 'wh_wake', { since: 0 });
      await retryDelivery(ctx, 'wh_wake', 'whd_wake');
      expect(await notified(2)).toBe(2);
      await new Promise((r) => setTimeout(r, 200));
      expect(woken).toBe(2);
    } finally {
      await stop();
    }
  });
});
