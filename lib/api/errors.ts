import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '@/lib/errors';
import { CSP_VERSION_HEADER } from '@/lib/version';
import { logger, redactPath } from '@/lib/log/logger';

export interface ErrorBody {
  code: string;
  message: string;
  /** The request's field at fault, when one is (an extension: docs/decisions.md "Errors"). */
  field?: string;
}

/** Maps anything thrown to the envelope and status of DESIGN §8. Unknown errors never leak. */
export function toErrorResponse(
  err: unknown,
  c: Context,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (err instanceof AppError)
    return {
      status: err.status,
      body: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) },
      headers: err.headers,
    };
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413)
      return {
        status,
        body: { code: 'error.payload_too_large', message: 'Request body exceeds the 64 KiB limit' },
      };
    if (status === 400) {
      const message = /json/i.test(err.message)
        ? 'Malformed JSON in request body'
        : err.message || 'Invalid request parameters';
      return { status, body: { code: 'error.bad_request', message } };
    }
    if (status === 401)
      return { status, body: { code: 'error.unauthorized', message: 'Authentication required' } };
    if (status === 404)
      return { status, body: { code: 'error.not_found', message: 'Requested resource not found' } };
  }
  if (err instanceof SyntaxError)
    return { status: 400, body: { code: 'error.bad_request', message: 'Malformed JSON in request body' } };
  const requestId = c.get('requestId') as string | undefined;
  logger.error({ err, requestId, path: redactPath(c.req.path), method: c.req.method }, 'unhandled error');
  return {
    status: 500,
    body: {
      code: 'error.internal',
      message: `Internal error; quote request id ${requestId ?? 'unknown'} when reporting it`,
    },
  };
}

export function errorResponse(c: Context, err: unknown): Response {
  return renderError(c, toErrorResponse(err, c));
}

export function renderError(c: Context, mapped: ReturnType<typeof toErrorResponse>): Response {
  const { status, body, headers } = mapped;
  const text = JSON.stringify(body);
  // For the request log (lib/api/request-log.ts), as define-route's answers keep theirs.
  c.set('responseText' as never, text as never);
  const res = new Response(text, {
    status,
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': String(Buffer.byteLength(text)),
      'X-Csp-Version': CSP_VERSION_HEADER,
      ...headers,
    },
  });
  const requestId = c.get('requestId') as string | undefined;
  if (requestId) res.headers.set('X-Request-Id', requestId);
  return res;
}
