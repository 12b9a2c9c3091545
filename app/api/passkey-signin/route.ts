import { forwardAnonymous } from '@/lib/dashboard/gateway-client';

export const dynamic = 'force-dynamic';

/**
 * A sign-in with a passkey, first step (no session yet): forwarded to the gateway's
 * `POST /organization/signin/passkey`, for the browser's address. Its options go to the browser's
 * authenticator; the answer then signs in through next-auth (lib/auth/next-auth.ts).
 */
export function POST(req: Request): Promise<Response> {
  return forwardAnonymous(req, '/organization/signin/passkey');
}
