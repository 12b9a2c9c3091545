/**
 * The dashboard's browser hardening (docs/decisions.md, "Browser hardening"): a Content Security
 * Policy whose scripts run only with this response's nonce (Next.js puts it on its own scripts;
 * `'strict-dynamic'` lets them load the rest), no framing, no referrer beyond the origin, and
 * HSTS when served over HTTPS. Styles may be inline: React's `style` attributes and the charts
 * use them, and a nonce cannot cover an attribute.
 */
export function contentSecurityPolicy(nonce: string, opts: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    // React reconstructs server error stacks with eval in development only.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The headers every page carries besides its policy. */
export function securityHeaders(opts: { https: boolean }): Record<string, string> {
  return {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    ...(opts.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** A fresh nonce per response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of an answer that runs no script: next-auth's own (its JSON, its redirects, and the
 * few HTML pages it renders itself — a sign-out confirmation, an error — with inline styles and a
 * form to itself, never a script).
 */
export function scriptlessPolicy(opts: { https: boolean }): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(opts.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Whether the dashboard is served over HTTPS: the request says so, or its published address does. */
export function servedOverHttps(requestUrl: string, publishedUrl: string | undefined): boolean {
  return new URL(requestUrl).protocol === 'https:' || publishedUrl?.startsWith('https:') === true;
}
