import NextAuth from 'next-auth';
import { authOptions } from '@/lib/dashboard/next-auth';
import { withBodyWithin } from '@/lib/dashboard/body-limit';
import { withSecurityHeaders } from '@/lib/dashboard/hardened';
import { sameOriginOnly } from '@/lib/dashboard/same-origin-guard';

const handler = NextAuth(authOptions);

// Every answer hardened like the dashboard's pages. Its POSTs (sign-in, callback, sign-out) only
// from the dashboard's own pages; next-auth's own double-submit CSRF token is their proof besides
// the browser's headers (next-auth/react and lib/client/sign-out.ts send it), so they need no
// header of ours. Their bodies are read here, within the gateway's 64 KiB, not by next-auth.
export const GET = withSecurityHeaders(handler);
export const POST = withSecurityHeaders(sameOriginOnly(withBodyWithin(handler), 'next-auth'));
