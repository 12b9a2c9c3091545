import { NextResponse, type NextFetchEvent, type NextRequest } from 'next/server';
import { withAuth, type NextRequestWithAuth } from 'next-auth/middleware';
import { errorEnvelope } from '@/lib/api/envelope';
import { isDecodablePath, rawPathOf, UNDECODABLE_PATH_MESSAGE } from '@/lib/api/raw-path';
import { ValidationError } from '@/lib/errors';
import { config as settings } from '@/lib/config';
import { contentSecurityPolicy, newNonce, securityHeaders, servedOverHttps } from '@/lib/security/headers';

/**
 * A page's response: its Content-Security-Policy with a fresh nonce, given to the request too so
 * that Next.js puts the nonce on the scripts it renders (lib/security/headers.ts), and the other
 * hardening headers.
 */
function securePage(req: NextRequest): NextResponse {
  const nonce = newNonce();
  const https = servedOverHttps(req.url, settings.nextAuthUrl);
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development', https });
  const headers = new Headers(req.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('Content-Security-Policy', policy);
  for (const [name, value] of Object.entries(securityHeaders({ https }))) res.headers.set(name, value);
  return res;
}

/** Dashboard pages need a session; the gateway, auth and docs routes check credentials themselves. */
const dashboard = withAuth((req) => securePage(req), {
  pages: { signIn: '/signin' },
  secret: settings.nextAuthSecret,
});

/** Pages anyone may open: hardened, without a session (and an invitation's page, `/invitation/<token>`). */
const PUBLIC_PAGES = new Set(['/signin', '/signup']);

/**
 * A path that is not valid percent-encoded UTF-8 is answered here: Next.js's router would answer
 * it with a plain-text 500 before any route runs. A gateway path gets the gateway's own 400.
 */
export default function proxy(req: NextRequest, event: NextFetchEvent) {
  const decodable = isDecodablePath(rawPathOf(req.url));
  if (!req.nextUrl.pathname.startsWith('/api/')) {
    // A page address that cannot be decoded names no page: the not-found page, not Next.js's 500.
    if (!decodable) return NextResponse.rewrite(new URL('/page-address-not-decodable', req.url));
    if (PUBLIC_PAGES.has(req.nextUrl.pathname) || req.nextUrl.pathname.startsWith('/invitation/'))
      return securePage(req);
    return dashboard(req as NextRequestWithAuth, event);
  }
  if (decodable) return NextResponse.next();
  return errorEnvelope(new ValidationError(UNDECODABLE_PATH_MESSAGE, null), {
    requestId: req.headers.get('x-request-id'),
  });
}

export const config = {
  // Gateway paths only when they hold a `%`: the proxy costs every request it sees.
  matcher: [
    '/api/v1/csp/:path(.*%.*)',
    '/api/proxy/:path(.*%.*)',
    // Every page, sign-in and sign-up included; not the gateway, the docs route (its own policy),
    // static files or prefetches.
    {
      source: '/((?!api/|docs|_next/|favicon.ico|icon.svg|robots.txt|manifest.webmanifest).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
