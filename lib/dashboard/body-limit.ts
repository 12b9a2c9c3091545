import 'server-only';
import { NextRequest } from 'next/server';
import { errorEnvelope } from '@/lib/api/envelope';
import { MAX_BODY_BYTES } from '@/lib/api/raw-path';
import { PayloadTooLargeError } from '@/lib/errors';

/**
 * The one limit on what the dashboard's route handlers read of a request body (docs/decisions.md,
 * "Bounded bodies"): the gateway's, 64 KiB. Every handler that reads a body reads it here —
 * the proxy and the forwarders that need no session (lib/dashboard/gateway-client.ts) with
 * `readBodyWithin`, next-auth's through `withBodyWithin` — so none holds more than that.
 */

/**
 * A request's body as text, read no further than the limit: null past it. A body whose
 * Content-Length says it is larger is refused unread; one sent without (chunked) is counted as it
 * arrives and abandoned at the limit, so the answer goes before the rest is sent.
 */
export async function readBodyWithin(req: Request): Promise<string | null> {
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return null;
  if (!req.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The gateway's answer to a body over its limit, in its envelope. */
export function bodyTooLarge(req: Request): Response {
  return errorEnvelope(new PayloadTooLargeError(), { requestId: req.headers.get('x-request-id') });
}

/**
 * A route handler that reads its body its own way, unbounded (next-auth's, which calls
 * `req.text()` or `req.json()`), given the body read here within the limit instead: a new request
 * with the same address, method and headers, its body the buffered text.
 */
export function withBodyWithin<A extends unknown[]>(
  handler: (req: NextRequest, ...rest: A) => Response | Promise<Response>,
): (req: NextRequest, ...rest: A) => Promise<Response> {
  return async (req, ...rest) => {
    const body = await readBodyWithin(req);
    if (body === null) return bodyTooLarge(req);
    const headers = new Headers(req.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(Buffer.byteLength(body)));
    return handler(new NextRequest(req.url, { method: req.method, headers, body: body || null }), ...rest);
  };
}
