/**
 * Which requests the dashboard's own route handlers take (docs/decisions.md, "Cross-origin
 * requests"). The session cookie is `SameSite=Lax`, which a page on another port or subdomain of
 * the same site does not stop: a change is therefore taken only from the dashboard's own origin,
 * by what the browser says of the request (Sec-Fetch-Site, Origin, which a page cannot forge) and a
 * header of the dashboard's own that no simple cross-origin request can carry. Pure: the handlers
 * (lib/dashboard/same-origin-guard.ts) give it the headers and the dashboard's origins.
 */

/** Sent by every change the dashboard's pages make (lib/client/api.ts and the sign-in pages). */
export const DASHBOARD_HEADER = 'x-csp-dashboard';

/** The proof a change carries besides the browser's word: ours, or next-auth's own CSRF token. */
export type ChangeToken = 'dashboard-header' | 'next-auth';

export type SameOriginVerdict = { ok: true } | { ok: false; reason: string };

interface Headers {
  get(name: string): string | null;
}

/** The first entry of a header a chain of proxies may have extended (`a, b`). */
const firstOf = (value: string | null) => value?.split(',')[0]?.trim() || null;

/** `scheme://host[:port]` as browsers write an Origin (default port left out, host in lower case). */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The dashboard's own origins: NEXTAUTH_URL's (its published address), and the address the
 * request was sent to — its Host, with NEXTAUTH_URL's scheme, or `http` without one (`next start`
 * serves no TLS). The second is same-origin in the literal sense (a browser's Host is the address
 * it asks), and lets the dashboard be opened by another name than the published one: at
 * `localhost`, where WebAuthn needs it, when NEXTAUTH_URL names 127.0.0.1. Behind a proxy declared
 * in TRUST_PROXY, the proxy's X-Forwarded-Host and X-Forwarded-Proto say that address instead (a
 * TLS-terminating load balancer forwards `https` requests over `http`).
 */
export function dashboardOrigins(opts: {
  nextAuthUrl?: string;
  behindProxy: boolean;
  headers: Headers;
}): string[] {
  const published = opts.nextAuthUrl ? originOf(opts.nextAuthUrl) : null;
  const { headers } = opts;
  const forwardedHost = opts.behindProxy ? firstOf(headers.get('x-forwarded-host')) : null;
  const forwardedProto = opts.behindProxy ? firstOf(headers.get('x-forwarded-proto')) : null;
  const host = forwardedHost ?? headers.get('host');
  const forwarded = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : null;
  const scheme = forwarded ?? (published?.startsWith('https:') ? 'https' : 'http');
  const addressed = host ? originOf(`${scheme}://${host}`) : null;
  return [...new Set([published, addressed].filter((o): o is string => o !== null))];
}

/**
 * Whether a request may reach a handler that changes something. Reads (GET, HEAD) always may:
 * an export link is opened as a plain navigation, which carries no header of ours. A change must
 * come from the dashboard's own origin:
 *  - `Sec-Fetch-Site`, when the browser sends it, is `same-origin` (`same-site` is precisely the
 *    sibling page SameSite=Lax lets through; `none` is no page at all);
 *  - `Origin`, when present, is one of the dashboard's own (dashboardOrigins);
 *  - and it carries `x-csp-dashboard: 1`, which a form, a beacon or a `no-cors` fetch cannot set
 *    and a cross-origin `fetch` can set only after a preflight the dashboard never grants. For
 *    next-auth's own POSTs (sent by next-auth's client, form-encoded) next-auth's double-submit
 *    CSRF token takes that place, and next-auth checks it.
 * A request with neither Origin nor Sec-Fetch-Site is no browser's cross-origin request (browsers
 * send Origin on every cross-origin POST): it passes on the header alone (curl, scripts, tests).
 */
export function checkSameOrigin(
  method: string,
  headers: Headers,
  own: readonly string[],
  token: ChangeToken = 'dashboard-header',
): SameOriginVerdict {
  if (method === 'GET' || method === 'HEAD') return { ok: true };
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return refuse(`Sec-Fetch-Site is ${site}, not same-origin`);
  const origin = headers.get('origin');
  const from = origin === null ? null : originOf(origin);
  if (origin !== null && (from === null || !own.includes(from)))
    return refuse(`Origin ${origin} is not this dashboard's${own.length ? ` (${own.join(' or ')})` : ''}`);
  if (token === 'dashboard-header' && headers.get(DASHBOARD_HEADER) !== '1')
    return refuse(`the dashboard's requests carry ${DASHBOARD_HEADER}: 1`);
  return { ok: true };
}

const refuse = (why: string): SameOriginVerdict => ({
  ok: false,
  reason: `Cross-origin request refused: ${why}`,
});

/**
 * A JSON body, as the gateway takes it (`application/json` or a `+json` type): the only body the
 * dashboard forwards. A `text/plain` body is what a cross-origin form can send without a preflight.
 */
export function isJsonContentType(type: string | null): boolean {
  return type !== null && /^application\/([\w.+-]*\+)?json\b/i.test(type);
}
