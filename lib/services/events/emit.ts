import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';
import type { EventType } from '@/lib/events/types';

export { EVENT_TYPES, type EventType } from '@/lib/events/types';

export interface EventInput {
  type: EventType;
  orgId: string;
  partnerId: string;
  data: Record<string, unknown>;
}

/**
 * Writes events to the outbox. Call it with the transaction that makes the change, so there is
 * no state change without its event and no event without its change.
 */
export async function emitEvents(tx: DbOrTx, inputs: EventInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = eventRows(inputs);
  await tx.insert(schema.events).values(rows);
  return rows.map((r) => r.id);
}

/**
 * The outbox insert, not yet run: for a change written as one statement with its events
 * (`inOneStatement`), which is atomic like a transaction. `inputs` must not be empty.
 */
export function eventsInsert(db: DbOrTx, inputs: EventInput[]) {
  return db.insert(schema.events).values(eventRows(inputs));
}

function eventRows(inputs: EventInput[]) {
  return inputs.map((e) => ({ id: newId('evt'), type: e.type, orgId: e.orgId, partnerId: e.partnerId, data: e.data }));
}

export async function emitEvent(tx: DbOrTx, input: EventInput): Promise<string> {
  const [id] = await emitEvents(tx, [input]);
  return id!;
}
