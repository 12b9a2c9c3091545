import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { CSP_VERSION_HEADER } from '@/lib/config';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '@/lib/errors';
import { getDatabase } from '@/lib/db';
import type { GatewayEnv } from './env';
import { errorResponse, renderError, toErrorResponse } from './errors';
import { completeIdempotencyKey, releaseIdempotencyKey } from './idempotency';
import { logger, redactPath } from './logger';
import { isDecodablePath, MAX_BODY_BYTES, rawPathOf, requestIdFrom, UNDECODABLE_PATH_MESSAGE } from './raw-path';

export { MAX_BODY_BYTES };

export const API_PREFIX = '/api/v1/csp';

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
}

/** Zod issues → one message naming each offending field. */
export function formatIssues(issues: ZodIssueLike[], target?: string): string {
  const parts = issues.slice(0, 5).map((i) => {
    const field = i.path.map(String).join('.');
    const where = field || (target === 'json' ? 'body' : target ?? 'request');
    return `${where}: ${i.message}`;
  });
  return parts.join('; ');
}

/** The path of the first string (value or key) in a validated input that contains U+0000. */
export function nulAt(value: unknown, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = nulAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function createGatewayBase(): OpenAPIHono<GatewayEnv> {
  const app = new OpenAPIHono<GatewayEnv>({
    defaultHook: async (result, c) => {
      const target = (result as { target?: string }).target;
      // PostgreSQL's text and jsonb cannot hold U+0000: refused here, by name, for every input.
      const nul = result.success ? nulAt(result.data) : undefined;
      if (!result.success || nul) {
        const issues = result.success
          ? [{ path: nul!, message: 'must not contain the NUL character (U+0000)' }]
          : (result.error.issues as ZodIssueLike[]);
        return errorResponse(c, new ValidationError(formatIssues(issues, target)));
      }
    },
  }).basePath(API_PREFIX) as unknown as OpenAPIHono<GatewayEnv>;

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('requestId', requestIdFrom(c.req.header('x-request-id')));
    // Refused before anything else, as the Next.js host's proxy does (lib/api/raw-path.ts).
    if (isDecodablePath(rawPathOf(c.req.url))) await next();
    else c.res = errorResponse(c, new ValidationError(UNDECODABLE_PATH_MESSAGE));
    c.res.headers.set('X-Csp-Version', CSP_VERSION_HEADER);
    c.res.headers.set('X-Request-Id', c.get('requestId'));
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          requestId: c.get('requestId'),
          method: c.req.method,
          path: c.req.routePath ? redactPath(c.req.routePath) : redactPath(c.req.path),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  });

  const limitStreamedBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new PayloadTooLargeError();
    },
  });
  app.use('*', async (c, next) => {
    // Hono's bodyLimit reads `request.body`, which makes @hono/node-server build a full Fetch
    // Request (with an AbortSignal) for every request, GETs included. Requests without a body
    // and requests with a Content-Length are decided from the headers; only a streamed
    // (chunked) body goes through bodyLimit, which counts the bytes as they arrive.
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > MAX_BODY_BYTES) throw new PayloadTooLargeError();
      return next();
    }
    return limitStreamedBody(c, next);
  });

  app.onError(async (err, c) => {
    const mapped = toErrorResponse(err, c);
    const keyHash = c.get('idempotencyKeyHash');
    if (keyHash) {
      // A definite answer (4xx) is the request's result and is replayed; a server error is not.
      const { db } = await getDatabase();
      if (mapped.status < 500) {
        await completeIdempotencyKey(db, keyHash, { status: mapped.status, body: JSON.stringify(mapped.body) }).catch(() => {});
      } else {
        await releaseIdempotencyKey(db, keyHash).catch(() => {});
      }
    }
    return renderError(c, mapped);
  });

  app.notFound((c) => errorResponse(c, new NotFoundError(`No operation ${c.req.method} ${redactPath(c.req.path)}`)));
  return app;
}
