import { forwardAnonymous } from '@/lib/dashboard/gateway-client';
import { sameOriginOnly } from '@/lib/dashboard/same-origin-guard';

export const dynamic = 'force-dynamic';

/**
 * Accepting an invitation needs no session (the link is the credential): forwarded to the
 * gateway's `POST /invitations/{token}/accept`, for the browser's address.
 */
export const POST = sameOriginOnly(
  async (req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> => {
    const { token } = await ctx.params;
    return forwardAnonymous(req, `/invitations/${encodeURIComponent(token)}/accept`);
  },
);
