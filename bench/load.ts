/**
 * Load generator, run as its own process by bench/run.ts: autocannon against one URL for a fixed
 * duration. Prints one JSON line: {requests_per_sec, p50_ms, p99_ms, non2xx, errors}.
 * Args: JSON {url, connections, duration, method, headers, body?: 'customer'}.
 */
import autocannon, { type Request as AcRequest } from 'autocannon';
import { randomUUID } from 'node:crypto';

const opts = JSON.parse(process.argv[2]!) as {
  url: string;
  connections: number;
  duration: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: 'customer';
  domain?: string;
};

const requests =
  opts.body === 'customer'
    ? [
        {
          method: 'POST' as const,
          setupRequest: (req: AcRequest): AcRequest => {
            const id = randomUUID();
            return {
              ...req,
              headers: { ...opts.headers, 'content-type': 'application/json', 'idempotency-key': id },
              body: JSON.stringify({
                payment_address: `c-${id}@${opts.domain}`,
                first_name: 'Bench',
                last_name: 'Mark',
              }),
            };
          },
        },
      ]
    : undefined;

const result = await autocannon({
  url: opts.url,
  connections: opts.connections,
  duration: opts.duration,
  method: opts.method,
  headers: opts.headers,
  requests,
});
console.log(
  JSON.stringify({
    requests_per_sec: Math.round(result.requests.average),
    total: result.requests.total,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
);
