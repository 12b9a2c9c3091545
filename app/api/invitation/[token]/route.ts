import { clientAddressFromHeaders } from '@/lib/api/client-address';
import { callGateway } from '@/lib/dashboard/gateway-client';

export const dynamic = 'force-dynamic';

/**
 * Accepting an invitation needs no session (the link is the credential): forwarded to the
 * gateway's `POST /invitations/{token}/accept`, for the browser's address.
 */
export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await ctx.params;
  const res = await callGateway(`/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await req.text(),
    clientAddress: clientAddressFromHeaders((name) => req.headers.get(name)),
  });
  const retryAfter = res.headers.get('retry-after');
  return new Response(await res.text(), {
    status: res.status,
    headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
  });
}
