import 'server-only';
import { getServerSession } from 'next-auth';
import { getToken } from 'next-auth/jwt';
import { cookies, headers } from 'next/headers';
import { notFound, redirect, unstable_rethrow } from 'next/navigation';
import { NextRequest } from 'next/server';
import { cache } from 'react';
import { SESSION_SECRET, authOptions } from '@/lib/dashboard/next-auth';
import type { Me } from '@/lib/schemas/organizations';
import { gatewayJson } from './gateway-client';
import { PARTNER_COOKIE, partnerFromCookie } from '@/lib/domain/partner-cookie';

/** The signed-in user as `GET /me` answers (its schema is the one home of the type). */
export type { Me };

/** The gateway JWT of the current request's session, read on the server only (once per request). */
const accessToken = cache(async (): Promise<string | null> => {
  const session = await getServerSession(authOptions);
  if (!session) return null;
  const h = await headers();
  const c = await cookies();
  const req = new NextRequest('http://dashboard.internal/', {
    headers: { cookie: c.toString(), ...Object.fromEntries(h.entries()) },
  });
  const token = await getToken({ req, secret: SESSION_SECRET });
  return (token?.accessToken as string | undefined) ?? null;
});

/**
 * The signed-in user and the namespace selected for this request; redirects to sign-in otherwise.
 * Cached per request: the layout and the page share one `/me` call.
 */
export const requireMe = cache(async (): Promise<{ me: Me; partnerId: string | null }> => {
  const token = await accessToken();
  if (!token) redirect('/signin');
  let me: Me;
  try {
    me = await gatewayJson<Me>('/me', token);
  } catch {
    redirect('/signin');
  }
  // This user's choice in this browser, else the one saved with the user, else the first namespace.
  const c = await cookies();
  const chosen = partnerFromCookie(c.get(PARTNER_COOKIE)?.value, me.user_id);
  const partnerId =
    [chosen, me.preferred_partner_id].find((id) => id && me.partners.some((p) => p.token === id)) ??
    me.partners[0]?.token ??
    null;
  return { me, partnerId };
});

/** A gateway read as the signed-in user in the selected namespace (the proxy route's headers). */
async function readAsUser<T>(path: string): Promise<T> {
  const token = await accessToken();
  if (!token) redirect('/signin');
  const { me, partnerId } = await requireMe();
  const headers: Record<string, string> = {};
  if (partnerId) headers['x-partner-id'] = partnerId;
  if (me.organization) headers['x-org-id'] = me.organization.token;
  return gatewayJson<T>(path, token, { headers });
}

/**
 * A record read on the server before its page renders: an id the gateway does not know (or hides
 * from this tenant) renders the not-found page.
 */
export async function readRecordOrNotFound<T>(path: string): Promise<T> {
  try {
    return await readAsUser<T>(path);
  } catch (e) {
    if ((e as { status?: number }).status === 404) notFound();
    throw e;
  }
}

/**
 * A list's first page read with the page's HTML, saving the browser a round trip after it loads.
 * Null when the gateway refuses: the browser then asks itself and shows the answer as it would.
 */
export async function readFirstPage<T>(path: string): Promise<T | null> {
  try {
    return await readAsUser<T>(path);
  } catch (e) {
    unstable_rethrow(e); // a redirect to sign-in is not a refusal
    return null;
  }
}
