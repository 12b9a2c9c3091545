import 'server-only';
import { config } from '@/lib/config';
import { scriptlessPolicy, securityHeaders, servedOverHttps } from '@/lib/security/headers';

/**
 * A route handler whose every answer carries the hardening headers the dashboard's pages carry
 * (lib/security/headers.ts) and a policy that runs no script: next-auth's, whose own pages
 * (`/api/auth/signout`, `/api/auth/error`) and answers carried none (docs/decisions.md, "next-auth's
 * own answers"). Its cookies and status are kept as they are.
 */
export function withSecurityHeaders<R extends Request, A extends unknown[]>(
  handler: (req: R, ...rest: A) => Response | Promise<Response>,
): (req: R, ...rest: A) => Promise<Response> {
  return async (req, ...rest) => {
    const res = await handler(req, ...rest);
    const https = servedOverHttps(req.url, config.nextAuthUrl);
    // A fresh set: a response's own headers may be immutable (Response.redirect).
    const headers = new Headers(res.headers);
    headers.set('Content-Security-Policy', scriptlessPolicy({ https }));
    for (const [name, value] of Object.entries(securityHeaders({ https }))) headers.set(name, value);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}
