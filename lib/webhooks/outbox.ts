import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { newId } from '@/lib/ids';
import { DISPATCH_BATCH } from './config';

const { events, webhooks } = schema;
const DISPATCH_LOCK = 7_260_003;

/**
 * Fans new outbox events out to the webhooks subscribed at that moment: one delivery row per
 * (event, endpoint), in one transaction per batch. One instance dispatches at a time (an advisory
 * lock; the others skip), so deliveries are created in event order. Returns the events handled.
 */
export async function dispatchEvents(db: Db, batch = DISPATCH_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = rowsOf(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${DISPATCH_LOCK}) AS ok`));
    if (!locked[0]?.ok) return 0;
    const due = await tx
      .select({ seq: events.seq, id: events.id, type: events.type, partnerId: events.partnerId, data: events.data, createdAt: events.createdAt })
      .from(events)
      .where(eq(events.dispatched, false))
      .orderBy(asc(events.seq))
      .limit(batch);
    if (due.length === 0) return 0;
    const partners = [...new Set(due.map((e) => e.partnerId))];
    const hooks = await tx
      .select({ id: webhooks.id, partnerId: webhooks.partnerId, eventTypes: webhooks.eventTypes, createdAt: webhooks.createdAt })
      .from(webhooks)
      .where(and(inArray(webhooks.partnerId, partners), isNull(webhooks.deletedAt), eq(webhooks.enabled, true)));
    const rows: Array<{ id: string; webhook_id: string; event_id: string; event_seq: number; partner_id: string; event_type: string }> = [];
    for (const e of due) {
      for (const h of hooks) {
        // Only endpoints that existed when the event happened receive it.
        if (h.partnerId !== e.partnerId || h.createdAt > e.createdAt) continue;
        const wanted =
          e.type === 'webhook.test' ? (e.data as { webhook_id?: string }).webhook_id === h.id : h.eventTypes.includes('*') || h.eventTypes.includes(e.type);
        if (wanted) rows.push({ id: newId('dlv'), webhook_id: h.id, event_id: e.id, event_seq: e.seq, partner_id: e.partnerId, event_type: e.type });
      }
    }
    // One JSON parameter whatever the fan-out (200 events × 100 endpoints would pass PostgreSQL's
    // 65,535-parameter limit as a multi-row VALUES).
    if (rows.length) {
      await tx.execute(sql`
        INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, partner_id, event_type)
        SELECT id, webhook_id, event_id, event_seq, partner_id, event_type
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id text, webhook_id text, event_id text, event_seq bigint, partner_id text, event_type text)`);
    }
    await tx.update(events).set({ dispatched: true }).where(inArray(events.seq, due.map((e) => e.seq)));
    return due.length;
  });
}
