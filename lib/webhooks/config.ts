import { config } from '@/lib/config';

/** Webhook delivery settings (lib/config.ts reads them; tests shorten them). */

/** Seconds before attempt 2, 3, …; after the last, the delivery is failed (DESIGN §9). */
export const RETRY_SCHEDULE = config.webhooks.retrySchedule;
/** A 2xx within this time is success (DESIGN §9: 15 s). */
export const TIMEOUT_MS = config.webhooks.timeoutMs;
/**
 * How long an instance holds an endpoint. An attempt starts only while at least TIMEOUT_MS plus a
 * margin of the lease remains, so its result is written before the lease runs out; after a crash
 * the endpoint waits at most this long before another instance (or the restarted one) takes it.
 */
export const LEASE_MS = TIMEOUT_MS + Math.max(5_000, TIMEOUT_MS);
export const LEASE_MARGIN_MS = 3_000;
/** Endpoints served at once by one instance. */
export const CONCURRENCY = config.webhooks.concurrency;
/**
 * Requests in flight to one endpoint. 1 (the default) keeps each endpoint's deliveries in event
 * order, at one round trip per delivery; more trades that order for throughput on slow links.
 */
export const ENDPOINT_IN_FLIGHT = config.webhooks.endpointInFlight;
/** Deliveries of one endpoint taken per claim. */
export const CLAIM_PER_ENDPOINT = config.webhooks.claimPerEndpoint;
/** Events fanned out per transaction. */
export const DISPATCH_BATCH = 200;
/** The fallback poll (retries coming due, lost notifications); new events wake delivery at once. */
export const POLL_MS = config.webhooks.pollMs;
/** An endpoint failing for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

/** Exponential back-off from the schedule, with ±20 % jitter; null after the last attempt. */
export function nextDelayMs(attempts: number): number | null {
  const base = RETRY_SCHEDULE[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * 1000 * (0.8 + Math.random() * 0.4));
}
