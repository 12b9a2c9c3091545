import { callGateway } from '@/lib/dashboard/gateway-client';

export const dynamic = 'force-dynamic';

/** Sign-up needs no session: forwarded as is to the gateway's `POST /organization`. */
export async function POST(req: Request): Promise<Response> {
  const res = await callGateway('/organization', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: await req.text(),
  });
  return new Response(await res.text(), {
    status: res.status,
    headers: { 'content-type': 'application/json' },
  });
}
