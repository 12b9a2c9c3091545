import { getToken } from 'next-auth/jwt';
import type { NextRequest } from 'next/server';
import { SESSION_SECRET } from '@/lib/dashboard/next-auth';
import { errorEnvelope } from '@/lib/api/envelope';
import { UnauthorizedError } from '@/lib/errors';
import { clientAddressFromHeaders } from '@/lib/api/client-address';
import { bodyTooLarge, readBodyWithin } from '@/lib/dashboard/body-limit';
import { callGateway } from '@/lib/dashboard/gateway-client';
import { PARTNER_COOKIE, PARTNER_PARAM, partnerFromCookie } from '@/lib/domain/partner-cookie';
import { refuseUnlessJson, sameOriginOnly } from '@/lib/dashboard/same-origin-guard';

export const dynamic = 'force-dynamic';

/**
 * The browser's one door to the gateway: attaches the session's JWT (which never leaves the
 * server), the selected namespace and a fresh idempotency-key per mutation. A mutation's body is
 * forwarded only as JSON.
 */
async function handle(req: NextRequest, ctx: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const token = await getToken({ req, secret: SESSION_SECRET });
  const accessToken = token?.accessToken as string | undefined;
  if (!accessToken)
    return errorEnvelope(new UnauthorizedError('Your session has ended; sign in again'), {
      requestId: req.headers.get('x-request-id'),
    });
  const { path } = await ctx.params;
  const headers: Record<string, string> = { authorization: `Bearer ${accessToken}` };
  // A file link (an export) names its namespace in the address, since a link sends no header.
  const search = new URLSearchParams(req.nextUrl.search);
  const linked = req.method === 'GET' ? search.get(PARTNER_PARAM) : null;
  search.delete(PARTNER_PARAM);
  const partner =
    req.headers.get('x-partner-id') ??
    linked ??
    partnerFromCookie(req.cookies.get(PARTNER_COOKIE)?.value, token?.sub);
  if (partner) headers['x-partner-id'] = partner;
  if (token?.orgId) headers['x-org-id'] = token.orgId as string;
  const contentType = req.headers.get('content-type');
  if (contentType) headers['content-type'] = contentType;
  const idem = req.headers.get('idempotency-key');
  if (idem) headers['idempotency-key'] = idem;
  // The browser's, for the audit trail (the address travels as clientAddress).
  const userAgent = req.headers.get('user-agent');
  if (userAgent) headers['user-agent'] = userAgent.slice(0, 256);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBodyWithin(req);
  if (body === null) return bodyTooLarge(req);
  const unsupported = body === undefined ? null : refuseUnlessJson(req, body !== '');
  if (unsupported) return unsupported;
  const query = search.toString();
  const res = await callGateway(`/${path.map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}`, {
    method: req.method,
    headers,
    body: body || undefined,
    clientAddress: clientAddressFromHeaders((name) => req.headers.get(name)),
  });
  // A file (the audit export) is passed on as the gateway streams it, never held here whole.
  const disposition = res.headers.get('content-disposition');
  if (res.ok && disposition && res.body)
    return new Response(res.body, {
      status: res.status,
      headers: {
        'content-type': res.headers.get('content-type') ?? 'application/octet-stream',
        'content-disposition': disposition,
        'cache-control': 'no-store',
      },
    });
  const text = await res.text();
  // The request's id, and where its request log entry is read: an error toast links it.
  const passed = Object.fromEntries(
    ['retry-after', 'x-request-id', 'x-request-log']
      .map((name) => [name, res.headers.get(name)] as const)
      .filter((h): h is readonly [string, string] => h[1] !== null),
  );
  return new Response(text, {
    status: res.status,
    headers: { 'content-type': res.headers.get('content-type') ?? 'application/json', ...passed },
  });
}

// A read needs no proof of origin (an export link is a plain navigation); a change does.
export const GET = handle;
export const POST = sameOriginOnly(handle);
export const PUT = sameOriginOnly(handle);
export const PATCH = sameOriginOnly(handle);
export const DELETE = sameOriginOnly(handle);
