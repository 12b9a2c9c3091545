/** An event as a delivery sends it (lib/webhooks/store.ts reads it with the delivery). */
export interface DeliveredEvent {
  id: string;
  type: string;
  createdAt: Date;
  orgId: string;
  partnerId: string;
  data: unknown;
}

/**
 * The body of a delivery: the signed bytes every attempt sends, and what the delivery's page shows
 * as its payload (one home, so the two never differ).
 */
export function deliveryBody(e: DeliveredEvent): string {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    created_at: e.createdAt.toISOString(),
    org_id: e.orgId,
    partner_id: e.partnerId,
    data: e.data,
  });
}
