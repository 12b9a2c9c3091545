import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import { slots, slotValues } from '@/lib/db/prepared';
import type { EventType } from '@/lib/events/types';

export { type EventType } from '@/lib/events/types';

const MANY = 50;

export interface EventInput {
  type: EventType;
  orgId: string;
  partnerId: string;
  data: Record<string, unknown>;
}

/** Notified when events are committed; webhook delivery listens on it (lib/webhooks/deliverer.ts). */
export const EVENTS_CHANNEL = 'csp_events';

/**
 * Writes events to the outbox. Call it with the transaction that makes the change, so there is
 * no state change without its event and no event without its change. A statement trigger on the
 * outbox queues the events some webhook (enabled or not) subscribes to and then notifies EVENTS_CHANNEL
 * (delivered on commit by PostgreSQL and PGlite), so delivery starts at once, whichever statement
 * wrote the events.
 */
export async function emitEvents(tx: DbOrTx, inputs: EventInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = eventRows(inputs);
  if (rows.length > MANY) {
    // A settlement batch emits one event per namespace (thousands): five array parameters instead
    // of a multi-row VALUES list, which took ~0.3 ms per row to build and send.
    const column = <K extends keyof (typeof rows)[number]>(k: K) => sql.param(rows.map((r) => r[k]));
    await tx.execute(sql`
      INSERT INTO events (id, type, org_id, partner_id, data)
      SELECT * FROM unnest(${column('id')}::text[], ${column('type')}::text[], ${column('orgId')}::text[], ${column('partnerId')}::text[],
        ${sql.param(rows.map((r) => JSON.stringify(r.data)))}::jsonb[])`);
    return rows.map((r) => r.id);
  }
  await tx.insert(schema.events).values(rows);
  return rows.map((r) => r.id);
}

/**
 * The outbox insert of `count` events as placeholders `e0_id`, `e0_type`, … for a prepared
 * statement that writes a change with its events (`prepareOneStatement`); fill them with
 * `eventValues`.
 */
export function eventsInsertSlots(db: DbOrTx, count: number) {
  return db
    .insert(schema.events)
    .values(Array.from({ length: count }, (_, i) => slots(`e${i}_`, EVENT_FIELDS)));
}

export function eventValues(inputs: EventInput[], into: Record<string, unknown>): Record<string, unknown> {
  eventRows(inputs).forEach((row, i) => slotValues(`e${i}_`, row, into));
  return into;
}

const EVENT_FIELDS = { id: '', type: '', orgId: '', partnerId: '', data: {} };

function eventRows(inputs: EventInput[]) {
  return inputs.map((e) => ({
    id: newId('evt'),
    type: e.type,
    orgId: e.orgId,
    partnerId: e.partnerId,
    data: e.data,
  }));
}

export async function emitEvent(tx: DbOrTx, input: EventInput): Promise<string> {
  const [id] = await emitEvents(tx, [input]);
  return id!;
}
