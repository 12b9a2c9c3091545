import { forwardAnonymous } from '@/lib/dashboard/gateway-client';

export const dynamic = 'force-dynamic';

/** Sign-up needs no session: forwarded to the gateway's `POST /organization`, for the browser's address. */
export function POST(req: Request): Promise<Response> {
  return forwardAnonymous(req, '/organization');
}
