/**
 * The event types of DESIGN §9, in a module with no server imports so the dashboard's event-type
 * picker and the gateway read one list.
 */
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
  'api_key.expiry_changed',
  'liquidity.threshold',
  'liquidity.cap_reached',
  'liquidity.updated',
  'return.requested',
  'return.decided',
  'payment.returned',
  'rule.created',
  'rule.updated',
  'rule.deleted',
  'webhook.disabled',
  'webhook.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Types a subscriber may choose; `webhook.test` is sent on request to one endpoint only. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter((t) => t !== 'webhook.test');
