import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { holds, holdsRowsSql, rowsOf } from '@/lib/db/rows';
import { DISPATCH_BATCH } from './config';
import { LOCKS } from '@/lib/db/locks';

/** Whether events wait to be fanned out (part of the webhooks worker's question, lib/workers). */
export const eventsQueued = () => holdsRowsSql(schema.eventQueue, schema.eventQueue.seq);

/**
 * Fans queued outbox events out to the webhooks subscribed at that moment — one delivery row per
 * (event, endpoint) — and takes them off the queue (`event_queue`, filled by a trigger on
 * `events` with the events some endpoint subscribes to), in one statement. Only endpoints that
 * existed when the event happened receive it; a test event (`webhook.test`, or one of any type
 * naming its endpoint in `test_webhook_id`) goes to its own endpoint only. A
 * disabled endpoint's deliveries are created failed, never attempted: recovery sends them once it
 * is enabled again (migration 0027).
 * One instance dispatches at a time (an advisory lock; the others skip), so delivery rows are
 * created in event order. Returns the events handled.
 */
export async function dispatchEvents(db: Db, batch = DISPATCH_BATCH): Promise<number> {
  // Nothing queued (every poll of an idle network): one read of the queue's first key instead of
  // planning the fan-out (npm run bench:worker-idle). An event queued just after is the next
  // pass's: its commit's notification pokes the deliverer.
  if (!(await holds(db, eventsQueued()))) return 0;
  // Delivery ids as newId('dlv') makes them: time first (one value per batch), then randomness.
  const time = Date.now().toString(36).padStart(9, '0');
  const rows = rowsOf(
    await db.execute(sql`
      WITH due AS (
        SELECT seq FROM event_queue
        WHERE (SELECT pg_try_advisory_xact_lock(${LOCKS.dispatch}))
        ORDER BY seq LIMIT ${batch}
        FOR UPDATE SKIP LOCKED
      ), taken AS (
        DELETE FROM event_queue q USING due WHERE q.seq = due.seq RETURNING q.seq
      ), fanned AS (
        INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, partner_id, event_type, status)
        SELECT 'dlv_' || ${time} || substr(md5(random()::text || e.seq || h.id), 1, 16), h.id, e.id, e.seq, e.partner_id, e.type,
          CASE WHEN h.enabled THEN 'pending' ELSE 'failed' END
        FROM due JOIN events e ON e.seq = due.seq
        JOIN webhooks h ON h.partner_id = e.partner_id AND h.deleted_at IS NULL AND h.created_at <= e.created_at
        WHERE CASE
          WHEN e.test_webhook_id IS NOT NULL THEN e.test_webhook_id = h.id
          WHEN e.type = 'webhook.test' THEN e.data->>'webhook_id' = h.id
          ELSE h.event_types ? '*' OR h.event_types ? e.type
        END
        ORDER BY e.seq
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM taken)::int AS events, (SELECT count(*) FROM fanned)::int AS deliveries`),
  );
  return Number(rows[0]?.events ?? 0);
}
