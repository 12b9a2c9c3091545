import { NextResponse, type NextFetchEvent, type NextRequest } from 'next/server';
import { withAuth, type NextRequestWithAuth } from 'next-auth/middleware';
import { CSP_VERSION_HEADER } from '@/lib/version';
import { isDecodablePath, rawPathOf, requestIdFrom, UNDECODABLE_PATH_MESSAGE } from '@/lib/api/raw-path';
import { config as settings } from '@/lib/config';

/** Dashboard pages need a session; the gateway, auth and docs routes check credentials themselves. */
const dashboard = withAuth({
  pages: { signIn: '/signin' },
  secret: settings.nextAuthSecret,
});

/**
 * A path that is not valid percent-encoded UTF-8 is answered here: Next.js's router would answer
 * it with a plain-text 500 before any route runs. A gateway path gets the gateway's own 400.
 */
export default function proxy(req: NextRequest, event: NextFetchEvent) {
  const decodable = isDecodablePath(rawPathOf(req.url));
  if (!req.nextUrl.pathname.startsWith('/api/')) {
    // A page address that cannot be decoded names no page: the not-found page, not Next.js's 500.
    if (!decodable) return NextResponse.rewrite(new URL('/page-address-not-decodable', req.url));
    return dashboard(req as NextRequestWithAuth, event);
  }
  if (decodable) return NextResponse.next();
  return NextResponse.json(
    { code: 'error.bad_request', message: UNDECODABLE_PATH_MESSAGE },
    {
      status: 400,
      headers: {
        'X-Csp-Version': CSP_VERSION_HEADER,
        'X-Request-Id': requestIdFrom(req.headers.get('x-request-id')),
      },
    },
  );
}

export const config = {
  // Gateway paths only when they hold a `%`: the proxy costs every request it sees.
  matcher: [
    '/api/v1/csp/:path(.*%.*)',
    '/api/proxy/:path(.*%.*)',
    '/((?!api/|signin|signup|docs|_next/|favicon.ico|icon.svg|robots.txt|manifest.webmanifest).*)',
  ],
};
