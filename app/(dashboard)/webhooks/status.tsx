'use client';

import { Badge } from '@/components/ui/badge';
import type { DeliveryStatus, Webhook } from '@/lib/client/queries/webhooks';
import { when } from '@/lib/client/format';

/** Disabled (by the admin or after 5 days of failures), failing, or enabled. */
export function webhookState(w: Webhook): 'disabled' | 'failing' | 'enabled' {
  if (!w.enabled) return 'disabled';
  return w.failing_since ? 'failing' : 'enabled';
}

export function WebhookStatusBadge({ webhook }: { webhook: Webhook }) {
  const state = webhookState(webhook);
  if (state === 'disabled') return <Badge tone="red">Disabled</Badge>;
  if (state === 'failing') return <Badge tone="amber">Failing</Badge>;
  return <Badge tone="green">Enabled</Badge>;
}

const DELIVERY_TONE = { succeeded: 'green', failed: 'red', pending: 'amber' } as const;

/** A delivery's status: succeeded green, failed red, pending (waiting or retrying) amber. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <Badge tone={DELIVERY_TONE[status]}>{status[0]!.toUpperCase() + status.slice(1)}</Badge>;
}

/** Why the endpoint is disabled, in words a user can act on. */
export function disabledText(w: Webhook): string {
  // Its events are kept as failed deliveries (never attempted), which recovery sends once enabled.
  return w.disabled_reason
    ? `${w.disabled_reason}. No events are sent to it; those it subscribes to are kept as failed deliveries. Re-enable it once the endpoint answers again.`
    : 'It was disabled by an administrator. No events are sent to it until it is re-enabled; those it subscribes to are kept as failed deliveries, which recovery sends again.';
}

/** `format`: `useWhen()`'s where the endpoint was read on the server with the page. */
export function failingText(w: Webhook, format: (seconds: number) => string = when): string {
  return `Deliveries have failed since ${format(w.failing_since!.seconds)}. They are retried with back-off; after 5 days of failures the endpoint is disabled.`;
}
