/**
 * The interactive API reference, rendered by Swagger UI from the gateway's own OpenAPI document.
 * Everything is served from this app (no CDN), so it works offline and behind firewalls.
 */
import { createHash } from 'node:crypto';
import { securityHeaders } from '@/lib/security/headers';

export const dynamic = 'force-static';

const INIT = `
    window.ui = SwaggerUIBundle({
      url: '/api/v1/csp/openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      docExpansion: 'list',
      tryItOutEnabled: false,
      persistAuthorization: false,
    });
  `;

const HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>API reference · Payment Network Gateway</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
  <style>
    body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    header { padding: 14px 24px; background: #0f172a; color: #f8fafc; display: flex; gap: 16px; align-items: baseline; }
    header a { color: #93c5fd; }
    header h1 { font-size: 18px; margin: 0; }
  </style>
</head>
<body>
  <header><h1>Payment Network Gateway — API reference</h1><a href="/api/v1/csp/openapi.json">openapi.json</a><a href="/">Dashboard</a></header>
  <main id="swagger-ui"></main>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>${INIT}</script>
</body>
</html>`;

/**
 * A static page has no per-request nonce: its one inline script is allowed by its hash instead
 * (lib/security/headers.ts sets the dashboard's policy; this is the same policy for this page).
 */
const POLICY = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(INIT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function GET(): Response {
  return new Response(HTML, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': POLICY,
      ...securityHeaders({ https: false }),
    },
  });
}
