import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { schema } from '@/lib/db';
import { newId } from '@/lib/ids';

export const EVENT_TYPES = [
  'link.create.resp',
  'link.propose.req',
  'link_established',
  'link_update_resp',
  'payment.created',
  'payment.submitted',
  'admission_task.created',
  'admission_task.updated',
  'payment.admitted',
  'payment.rejected',
  'payment.expired',
  'transaction.created',
  'settlement.batch.completed',
  'settlement.batch.failed',
  'api_key.rotated',
  'webhook.disabled',
  'webhook.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

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
 * no state change without its event and no event without its change. The same statement notifies
 * EVENTS_CHANNEL, which PostgreSQL (and PGlite) deliver on commit, so delivery starts at once
 * instead of at the next poll.
 */
export async function emitEvents(tx: DbOrTx, inputs: EventInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((e) => ({ id: newId('evt'), type: e.type, orgId: e.orgId, partnerId: e.partnerId, data: e.data }));
  await tx.execute(sql`WITH ins AS ${tx.insert(schema.events).values(rows)} SELECT pg_notify(${EVENTS_CHANNEL}, '')`);
  return rows.map((r) => r.id);
}

export async function emitEvent(tx: DbOrTx, input: EventInput): Promise<string> {
  const [id] = await emitEvents(tx, [input]);
  return id!;
}
