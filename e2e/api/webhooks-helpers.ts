import { expect } from 'vitest';
import { api, type TestOrg } from './helpers';

export interface LoggedDelivery {
  token: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  attempt_log: Array<{
    status_code: number | null;
    latency_ms: number;
    response_excerpt: string | null;
    error: string | null;
  }>;
}

/**
 * An endpoint's deliveries log once it has settled: results are written in batches just after
 * the requests, so a receiver can see a request a moment before the log shows it.
 */
export async function settledDeliveries(
  org: TestOrg,
  hookId: string,
  timeoutMs = 10_000,
): Promise<LoggedDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `/webhook/${hookId}/deliveries?limit=100`, {
      token: org.token,
      partner: org.partnerId,
    });
    expect(res.status).toBe(200);
    const list = res.body.data.deliveries as LoggedDelivery[];
    if (list.every((d) => d.status !== 'pending') || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}
