import 'server-only';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { answerClientError } from '@/lib/api/client-error';
import { errorEnvelopeParts } from '@/lib/api/envelope';
import { MethodNotAllowedError, type AppError } from '@/lib/errors';
import { servedMethods } from './served-methods';

/**
 * The methods Next.js hands a route handler. Any other it refuses its own way before code of ours
 * runs: TRACE with a plain-text 500 and a stack trace in the log, since a Fetch `Request` cannot
 * carry it; PROPFIND, PURGE… with a bare 400. (Node.js itself answers a method its parser does not
 * know with 400, and closes a CONNECT's connection: neither reaches the `request` event.)
 */
const CARRIED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const g = globalThis as unknown as { __cspMethodGuard?: boolean };

/**
 * On the Next.js host, a request whose path does not take its method is answered here, before
 * Next.js sees it (docs/decisions.md, "Methods a path does not take"): 405 in the envelope with
 * `Allow` (lib/dashboard/served-methods.ts). A gateway path is left to the gateway, which answers
 * the same, unless Next.js could not carry the method to it. Called from instrumentation.ts.
 *
 * No hook of Next.js runs first: its proxy (middleware) is handed a `Request` too, so a TRACE
 * fails before it; and the proxy would cost every request and hold every body it sees. So the
 * HTTP server's `request` event is wrapped, found through the `http.server.request.start`
 * diagnostics channel that Node.js publishes just before that event for each request (the same
 * channel stamps the peer's address, lib/api/client-address.ts).
 */
export function refuseUnservedMethods(): void {
  if (g.__cspMethodGuard) return;
  g.__cspMethodGuard = true;
  const wrapped = new WeakSet<Server>();
  subscribe('http.server.request.start', (message) => {
    const { server } = message as { server: Server };
    if (wrapped.has(server)) return;
    wrapped.add(server);
    // What Node's parser refuses before any request (a 10 KB path: 431) is answered in the
    // envelope too, from the first request on (lib/api/client-error.ts).
    server.on('clientError', answerClientError);
    const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
    server.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
      if (event === 'request' && refused(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
      return emit(event, ...args);
    }) as Server['emit'];
  });
}

/** Whether the request was refused here (and is answered, or about to be). */
function refused(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'GET';
  const path = pathOf(req.url ?? '/');
  const served = servedMethods(path);
  if (served !== 'gateway') {
    if (served.includes(method)) return false;
    answer(req, res, new MethodNotAllowedError(method, served));
    return true;
  }
  if (CARRIED.has(method)) return false;
  // The gateway's answer to a method no operation takes.
  import('@/lib/gateway/app')
    .then(({ gatewayRefusal }) => gatewayRefusal(method, path))
    .then(
      (err) => answer(req, res, err),
      () => res.destroy(),
    );
  return true;
}

/** The path of a request target as sent (origin form, or absolute form through a proxy). */
function pathOf(target: string): string {
  try {
    return new URL(target, 'http://host.invalid').pathname;
  } catch {
    return '/';
  }
}

/** The refusal in the envelope, with the headers every answer carries (lib/api/envelope.ts). */
function answer(req: IncomingMessage, res: ServerResponse, err: AppError) {
  // A body sent with the refused request is not read: the connection ends with the answer.
  const withBody =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  const { status, headers, text } = errorEnvelopeParts(err, {
    requestId: req.headers['x-request-id'] as string | undefined,
    headers: {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...(withBody ? { Connection: 'close' } : {}),
    },
  });
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : text);
}
