/**
 * The interactive API reference, rendered by Swagger UI from the gateway's own OpenAPI document.
 * Everything is served from this app (no CDN), so it works offline and behind firewalls.
 */
import { createHash } from 'node:crypto';
import { securityHeaders } from '@/lib/security/headers';

export const dynamic = 'force-static';

/**
 * Swagger UI with the document's `x-codeSamples` (curl, Node.js, Python) shown in each operation
 * above its responses, as tabs with a Copy button; "Try it out" marks its requests
 * (`x-csp-try-it-out`), which the gateway serves with sandbox credentials only.
 */
const INIT = `
    const CodeSamples = (system) => {
      const h = system.React.createElement;
      function Samples(props) {
        const [tab, setTab] = system.React.useState(0);
        const [copied, setCopied] = system.React.useState(false);
        const list = system.specSelectors.specJson().getIn(['paths', props.path, props.method, 'x-codeSamples']);
        if (!list || !list.size) return null;
        const samples = list.toJS();
        const sample = samples[Math.min(tab, samples.length - 1)];
        const copy = () => navigator.clipboard && navigator.clipboard.writeText(sample.source).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
        return h('section', { className: 'csp-samples', 'aria-label': 'Code samples' },
          h('div', { className: 'csp-samples-bar', role: 'tablist' },
            h('h4', null, 'Samples'),
            samples.map((s, i) => h('button', {
              key: s.label, type: 'button', role: 'tab', 'aria-selected': i === tab,
              className: i === tab ? 'csp-tab csp-tab-on' : 'csp-tab', onClick: () => setTab(i),
            }, s.label)),
            h('button', { type: 'button', className: 'csp-copy', onClick: copy }, copied ? 'Copied' : 'Copy')),
          h('pre', { className: 'csp-sample', tabIndex: 0 }, sample.source));
      }
      return {
        wrapComponents: {
          responses: (Original) => (props) => h('div', null, h(Samples, props), h(Original, props)),
        },
      };
    };
    window.ui = SwaggerUIBundle({
      url: '/api/v1/csp/openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      docExpansion: 'list',
      tryItOutEnabled: false,
      persistAuthorization: false,
      plugins: [CodeSamples],
      requestInterceptor: (req) => {
        req.headers['x-csp-try-it-out'] = '1';
        return req;
      },
    });
  `;

const HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>API reference · Payment Network Gateway</title>
  <link rel="icon" href="/icon.svg" type="image/svg+xml" />
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
  <style>
    body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    header { padding: 14px 24px; background: #0f172a; color: #f8fafc; display: flex; gap: 16px; align-items: baseline; }
    header a { color: #93c5fd; }
    header h1 { font-size: 18px; margin: 0; }
    .csp-samples { margin: 0 20px 16px; }
    .csp-samples-bar { display: flex; gap: 6px; align-items: center; margin-bottom: 6px; }
    .csp-samples-bar h4 { margin: 0 8px 0 0; font-size: 14px; }
    .csp-tab, .csp-copy { border: 1px solid #94a3b8; background: #fff; border-radius: 4px; padding: 2px 10px; cursor: pointer; font-size: 13px; }
    .csp-tab-on { background: #0f172a; color: #f8fafc; border-color: #0f172a; }
    .csp-copy { margin-left: auto; }
    .csp-sample { background: #0f172a; color: #e2e8f0; padding: 10px; border-radius: 4px; overflow: auto; font-size: 12px; max-height: 420px; white-space: pre; }
  </style>
</head>
<body>
  <header><h1>Payment Network Gateway — API reference</h1><a href="/api/v1/csp/openapi.json">openapi.json</a><a href="/api/v1/csp/postman.json">Postman collection</a><a href="/">Dashboard</a></header>
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
