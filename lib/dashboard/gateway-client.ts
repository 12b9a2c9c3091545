import 'server-only';
import { randomUUID } from 'node:crypto';
import { config } from '@/lib/config';
import { clientAddressFromHeaders } from '@/lib/api/client-address';
import { DASHBOARD_HEADER } from '@/lib/security/same-origin';
import { bodyTooLarge, readBodyWithin } from '@/lib/dashboard/body-limit';
import { refuseUnlessJson } from '@/lib/dashboard/same-origin-guard';

/**
 * Server-side calls from the dashboard to the gateway: in-process by default, or to the upstream
 * gateway in GATEWAY_URL (proxy mode). The browser never sees the gateway JWT.
 */
export const GATEWAY_URL = config.gatewayUrl;

export interface GatewayCall {
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
  /**
   * The browser's address (clientAddressFromHeaders), so that the gateway's limits count the
   * browser and not the dashboard: handed to the in-process gateway directly, or sent upstream as
   * X-Forwarded-For, replacing whatever the browser sent (the upstream gateway must trust the
   * dashboard's address in TRUST_PROXY).
   */
  clientAddress?: string;
}

export async function callGateway(path: string, init: GatewayCall = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  const headers = new Headers(init.headers);
  if (method !== 'GET' && method !== 'HEAD' && !headers.has('idempotency-key'))
    headers.set('idempotency-key', randomUUID());
  headers.delete('x-forwarded-for');
  // The request log files the dashboard's own calls apart from API calls (lib/api/request-log.ts).
  headers.set(DASHBOARD_HEADER, '1');
  if (GATEWAY_URL) {
    if (init.clientAddress) headers.set('x-forwarded-for', init.clientAddress);
    return fetch(`${GATEWAY_URL}${path}`, {
      method,
      headers,
      body: init.body ?? undefined,
      cache: 'no-store',
    });
  }
  const [{ getGateway }, { startServices }] = await Promise.all([
    import('@/lib/gateway/app'),
    import('@/lib/server/start'),
  ]);
  await startServices();
  return getGateway().fetch(
    new Request(`http://gateway.internal/api/v1/csp${path}`, {
      method,
      headers,
      body: init.body ?? undefined,
    }),
    {
      clientAddress: init.clientAddress,
    },
  );
}

export async function gatewayJson<T>(
  path: string,
  accessToken: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const res = await callGateway(path, {
    method: init.method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const body = await res.json();
  if (!res.ok)
    throw Object.assign(new Error(body?.message ?? `Gateway error ${res.status}`), {
      status: res.status,
      code: body?.code,
    });
  return body.data as T;
}

/**
 * A browser's request that needs no session (sign-up, accepting an invitation), forwarded to the
 * gateway's `path` for the browser's address and User-Agent, its answer passed back with its status and any
 * Retry-After. Its body goes on only as the JSON it says it is (a cross-origin form's `text/plain`
 * is refused, never relabelled).
 */
export async function forwardAnonymous(req: Request, path: string): Promise<Response> {
  const contentType = req.headers.get('content-type');
  const body = await readBodyWithin(req);
  if (body === null) return bodyTooLarge(req);
  const unsupported = refuseUnlessJson(req, body !== '');
  if (unsupported) return unsupported;
  // The browser's User-Agent, as the proxy and sign-in pass it: the audit trail records the
  // sign-up's browser with its address (the operator's review of the organization shows both).
  const userAgent = req.headers.get('user-agent');
  const res = await callGateway(path, {
    method: req.method,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(userAgent ? { 'user-agent': userAgent.slice(0, 256) } : {}),
    },
    body,
    clientAddress: clientAddressFromHeaders((name) => req.headers.get(name)),
  });
  const retryAfter = res.headers.get('retry-after');
  return new Response(await res.text(), {
    status: res.status,
    headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
  });
}
