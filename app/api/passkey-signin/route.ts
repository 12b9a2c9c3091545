import { forwardAnonymous } from '@/lib/dashboard/gateway-client';
import { sameOriginOnly } from '@/lib/dashboard/same-origin-guard';

export const dynamic = 'force-dynamic';

/**
 * A sign-in with a passkey, first step (no session yet): forwarded to the gateway's
 * `POST /organization/signin/passkey`, for the browser's address. Its options go to the browser's
 * authenticator; the answer then signs in through next-auth (lib/dashboard/next-auth.ts).
 */
export const POST = sameOriginOnly((req: Request) => forwardAnonymous(req, '/organization/signin/passkey'));
