import { forwardAnonymous } from '@/lib/dashboard/gateway-client';
import { sameOriginOnly } from '@/lib/dashboard/same-origin-guard';

export const dynamic = 'force-dynamic';

/** Sign-up needs no session: forwarded to the gateway's `POST /organization`, for the browser's address. */
export const POST = sameOriginOnly((req: Request) => forwardAnonymous(req, '/organization'));
