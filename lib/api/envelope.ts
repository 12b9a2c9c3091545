import { errorBody, type AppError } from '@/lib/errors';
import { CSP_VERSION_HEADER } from '@/lib/version';
import { requestIdFrom } from './raw-path';

/**
 * The one writer of an error answer, on both hosts: the gateway's (lib/api/errors.ts) and every
 * refusal of the Next.js host's own (proxy.ts, lib/dashboard's guards, app/api's route handlers).
 * The envelope of DESIGN §8 (errorBody), the status the registry gives its code
 * (lib/errors/registry.ts), and the headers every answer carries: X-Csp-Version, X-Request-Id
 * (`requestId`: the request's own when it is a valid one, else a new one) and Cache-Control
 * (ANSWER_CACHE_CONTROL). No server-only imports: the proxy uses it.
 */
export function errorEnvelope(
  err: AppError,
  options: { requestId?: string | null; headers?: Record<string, string> } = {},
): Response {
  const { status, headers, text } = errorEnvelopeParts(err, options);
  return new Response(text, { status, headers });
}

/**
 * The gateway's answers are kept by no cache and changed by no intermediary (docs/decisions.md,
 * "Answers are not cached or compressed"): they hold an organization's data, and the Next.js host
 * would otherwise gzip every one (Next.js compresses each streamed response the client accepts
 * gzip for, a 73-byte refusal included: 1.2–1.9 ms of the server's CPU and 0.6 ms of the client's
 * an answer), where the standalone host sends them as they are. A CSV export, which says
 * `no-store` itself, is still compressed. Set on every answer by lib/api/app.ts.
 */
export const ANSWER_CACHE_CONTROL = 'no-store, no-transform';

/** errorEnvelope's status, headers and body, for an answer written to a Node.js response. */
export function errorEnvelopeParts(
  err: AppError,
  options: { requestId?: string | null; headers?: Record<string, string> } = {},
): { status: number; headers: Record<string, string>; text: string } {
  const text = JSON.stringify(errorBody(err));
  return {
    status: err.status,
    text,
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': String(new TextEncoder().encode(text).byteLength),
      'X-Csp-Version': CSP_VERSION_HEADER,
      'X-Request-Id': requestIdFrom(options.requestId),
      'Cache-Control': ANSWER_CACHE_CONTROL,
      ...err.headers,
      ...options.headers,
    },
  };
}
