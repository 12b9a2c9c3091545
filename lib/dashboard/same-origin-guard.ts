import 'server-only';
import { errorEnvelope } from '@/lib/api/envelope';
import { config } from '@/lib/config';
import { ForbiddenError, UnsupportedMediaTypeError } from '@/lib/errors';
import {
  checkSameOrigin,
  dashboardOrigins,
  isJsonContentType,
  type ChangeToken,
} from '@/lib/security/same-origin';

// TRUST_PROXY's "no proxy" values (lib/api/client-address.ts, compileTrustProxy).
const BEHIND_PROXY = !['', 'false', '0'].includes(config.trustProxy?.trim() ?? '');

/**
 * A dashboard route handler that takes changes only from the dashboard's own origin
 * (lib/security/same-origin.ts): anything else is answered 403 here and never reaches the
 * handler, so nothing is forwarded to the gateway. `token` names what proves a change besides the
 * browser's headers: our header, or next-auth's CSRF token for next-auth's own routes.
 */
export function sameOriginOnly<R extends Request, A extends unknown[]>(
  handler: (req: R, ...rest: A) => Response | Promise<Response>,
  token: ChangeToken = 'dashboard-header',
): (req: R, ...rest: A) => Promise<Response> {
  return async (req, ...rest) => {
    const own = dashboardOrigins({
      nextAuthUrl: config.nextAuthUrl,
      behindProxy: BEHIND_PROXY,
      headers: req.headers,
    });
    const verdict = checkSameOrigin(req.method, req.headers, own, token);
    if (!verdict.ok)
      return errorEnvelope(new ForbiddenError(verdict.reason), {
        requestId: req.headers.get('x-request-id'),
      });
    return handler(req, ...rest);
  };
}

/**
 * The 415 for a body the dashboard does not forward: anything but JSON (a `text/plain` body is
 * what a cross-origin form sends), or a body without a type. Null when the request may go on.
 */
export function refuseUnlessJson(req: Request, hasBody: boolean): Response | null {
  const contentType = req.headers.get('content-type');
  if (contentType === null ? !hasBody : isJsonContentType(contentType)) return null;
  return errorEnvelope(new UnsupportedMediaTypeError(), { requestId: req.headers.get('x-request-id') });
}
