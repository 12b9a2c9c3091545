import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  AppError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from '@/lib/errors';
import { logger, redactPath } from '@/lib/log/logger';
import { errorEnvelopeParts } from './envelope';

/** Maps anything thrown to a typed error of DESIGN §8's table. Unknown errors never leak. */
export function toAppError(err: unknown, c: Context): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413) return new PayloadTooLargeError();
    if (status === 400) {
      const message = /json/i.test(err.message)
        ? 'Malformed JSON in request body'
        : err.message || 'Invalid request parameters';
      return new ValidationError(message, null);
    }
    if (status === 401) return new UnauthorizedError();
    if (status === 404) return new NotFoundError();
  }
  if (err instanceof SyntaxError) return new ValidationError('Malformed JSON in request body', null);
  const requestId = c.get('requestId') as string | undefined;
  logger.error({ err, requestId, path: redactPath(c.req.path), method: c.req.method }, 'unhandled error');
  return new AppError(
    'error.internal',
    `Internal error; quote request id ${requestId ?? 'unknown'} when reporting it`,
  );
}

export function errorResponse(c: Context, err: unknown): Response {
  return renderError(c, toAppError(err, c));
}

export function renderError(c: Context, err: AppError): Response {
  const { status, headers, text } = errorEnvelopeParts(err, {
    requestId: c.get('requestId') as string | undefined,
  });
  // For the request log (lib/api/request-log.ts), as define-route's answers keep theirs.
  c.set('responseText' as never, text as never);
  return new Response(text, { status, headers });
}
