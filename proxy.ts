import { withAuth } from 'next-auth/middleware';

/** Dashboard pages need a session; the gateway, auth and docs routes check credentials themselves. */
export default withAuth({
  pages: { signIn: '/signin' },
  secret: process.env.AUTH_SECRET || 'dev-only-auth-secret-change-me-0123456789abcdef',
});

export const config = {
  matcher: ['/((?!api/|signin|signup|docs|_next/|favicon.ico).*)'],
};
