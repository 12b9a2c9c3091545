import { clientAddressFromHeaders } from '@/lib/api/client-address';
import { callGateway } from '@/lib/dashboard/gateway-client';

export const dynamic = 'force-dynamic';

/** Sign-up needs no session: forwarded to the gateway's `POST /organization`, for the browser's address. */
export async function POST(req: Request): Promise<Response> {
  const res = await callGateway('/organization', {
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
