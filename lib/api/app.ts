import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { trace } from '@opentelemetry/api';
import { CSP_VERSION_HEADER } from '@/lib/version';
import {
  errorBody,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
  type AppError,
} from '@/lib/errors';
import { config } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import type { GatewayEnv } from './env';
import { errorResponse, renderError, toAppError } from './errors';
import { ANSWER_CACHE_CONTROL } from './envelope';
import { completeIdempotencyKey, releaseIdempotencyKey } from './idempotency';
import { logger, redactPath } from '@/lib/log/logger';
import { metrics } from '@/lib/metrics/metrics';
import { inputIssue, issuesError } from './input-rules';
import { recordRequest } from './request-log';
import { newId } from '@/lib/ids';
import {
  isDecodablePath,
  MAX_BODY_BYTES,
  rawPathOf,
  requestIdFrom,
  undecodableQueryParam,
  NOT_PERCENT_ENCODED_UTF8,
  UNDECODABLE_PATH_MESSAGE,
} from './raw-path';

export const API_PREFIX = '/api/v1/csp';

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
}

export function createGatewayBase(): OpenAPIHono<GatewayEnv> {
  const app = new OpenAPIHono<GatewayEnv>({
    defaultHook: async (result, c) => {
      const target = (result as { target?: string }).target;
      if (!result.success) {
        const issues = result.error.issues as ZodIssueLike[];
        return errorResponse(c, issuesError(issues, target));
      }
      // The input rules (lib/api/input-rules.ts), once per input: a JSON body was held to them
      // before its validation (checkJsonBody), the other inputs are here. Hono keeps a query
      // escape it cannot decode as literal text: refused by name, like such a path.
      if (target === 'json') return;
      const undecodable = target === 'query' ? undecodableQueryParam(c.req.url) : undefined;
      const issue =
        undecodable !== undefined
          ? { path: [undecodable], message: NOT_PERCENT_ENCODED_UTF8 }
          : inputIssue(result.data);
      if (issue) return errorResponse(c, issuesError([issue], target));
    },
  }).basePath(API_PREFIX) as unknown as OpenAPIHono<GatewayEnv>;

  app.use('*', async (c, next) => {
    const started = performance.now();
    const arrived = new Date();
    // The gateway's own request ids are time first (`req_…`): the request log's entry ids.
    const incoming = c.req.header('x-request-id');
    const requestId = requestIdFrom(incoming, () => newId('req'));
    c.set('requestId', requestId);
    c.set('requestIdGenerated', requestId !== incoming);
    // Refused before anything else, as the Next.js host's proxy does (lib/api/raw-path.ts).
    if (isDecodablePath(rawPathOf(c.req.url))) await next();
    else c.res = errorResponse(c, new ValidationError(UNDECODABLE_PATH_MESSAGE, null));
    c.res.headers.set('X-Csp-Version', CSP_VERSION_HEADER);
    c.res.headers.set('X-Request-Id', c.get('requestId'));
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', ANSWER_CACHE_CONTROL);
    if (config.requestLog.enabled) {
      const logged = await recordRequest(c, arrived, performance.now() - started);
      // An error names where its entry is read (GET /request-logs/{request_id}).
      if (logged && c.res.status >= 400)
        c.res.headers.set('X-Request-Log', `${API_PREFIX}/request-logs/${c.get('requestId')}`);
    }
    // The route's template (`/api/v1/csp/payments/:payment_id`), never the path itself.
    const template = c.req.routePath;
    const route = template.endsWith('*') ? 'unmatched' : template;
    const span = trace.getActiveSpan();
    if (span?.isRecording()) {
      // The request's span (lib/server/tracing.ts) is named by its template, not its path.
      span.updateName(`${c.req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'csp.request_id': c.get('requestId') });
    }
    const m = metrics();
    if (m) {
      const host = config.host;
      m.httpRequests.inc({ method: c.req.method, route, status: String(c.res.status), host });
      m.httpDuration.observe({ method: c.req.method, route, host }, (performance.now() - started) / 1000);
    }
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
    const mapped = toAppError(err, c);
    const keyHash = c.get('idempotencyKeyHash');
    if (keyHash) {
      // A definite answer (4xx) is the request's result and is replayed; a server error is not,
      // nor a 429 (a sign-in refused while throttled): the request was not processed.
      const { db } = await getDatabase();
      if (mapped.status < 500 && mapped.status !== 429) {
        await completeIdempotencyKey(
          db,
          keyHash,
          { status: mapped.status, body: JSON.stringify(errorBody(mapped)) },
          c.get('idempotencySealed'),
        ).catch(() => {});
      } else {
        await releaseIdempotencyKey(db, keyHash).catch(() => {});
      }
    }
    return renderError(c, mapped);
  });

  app.notFound((c) => errorResponse(c, unmatchedRequestError(app, c.req.method, c.req.path)));
  return app;
}

/**
 * The refusal of a request no operation takes: 405 naming the methods its path is taken with, or
 * 404 for a path no operation has. The Next.js host gives it the methods Next.js cannot carry to a
 * route handler (TRACE), which never reach the gateway there (lib/dashboard/method-guard.ts).
 */
export function unmatchedRequestError(app: Hono<GatewayEnv>, method: string, path: string): AppError {
  const allowed = allowedMethods(app, path);
  if (allowed.length > 0) return new MethodNotAllowedError(method, allowed);
  return new NotFoundError(`No operation ${method} ${redactPath(path)}`);
}

/** The methods the gateway's operations are declared with, in the order `Allow` lists them. */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods `path` is taken with: those of the routes its router matches, middleware (`ALL`)
 * left out, and HEAD wherever GET is (Hono answers HEAD with the GET route). Empty for a path no
 * operation has. Asked of the router itself, so it cannot drift from the routes.
 */
function allowedMethods(app: Hono<GatewayEnv>, path: string): string[] {
  const allowed: string[] = [];
  for (const method of ROUTE_METHODS) {
    const [matches] = app.router.match(method, path);
    if (!matches.some(([[, route]]) => route.method !== 'ALL')) continue;
    allowed.push(method);
    if (method === 'GET') allowed.push('HEAD');
  }
  return allowed;
}
