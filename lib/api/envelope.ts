import { errorBody, type AppError } from '@/lib/errors';
import { CSP_VERSION_HEADER } from '@/lib/version';
import { requestIdFrom } from './raw-path';

/**
 * The one writer of an error answer, on both hosts: the gateway's (lib/api/errors.ts) and every
 * refusal of the Next.js host's own (proxy.ts, lib/dashboard's guards, app/api's route handlers).
 * The envelope of DESIGN §8 (errorBody), the status the registry gives its code
 * (lib/errors/registry.ts), and the headers every answer carries: X-Csp-Version and X-Request-Id
 * (`requestId`: the request's own when it is a valid one, else a new one). No server-only
 * imports: the proxy uses it.
 */
export function errorEnvelope(
  err: AppError,
  options: { requestId?: string | null; headers?: Record<string, string> } = {},
): Response {
  const { status, headers, text } = errorEnvelopeParts(err, options);
  return new Response(text, { status, headers });
}

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
      ...err.headers,
      ...options.headers,
    },
  };
}
