import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl } from './helpers';
import { startServer, type DbKind, type RunningServer } from './server';

// The API reference page belongs to the Next.js app: on the standalone host's run, this file
// starts a Next.js server of its own on the suite's database kind.
let site: string;
let own: RunningServer | undefined;
beforeAll(async () => {
  if (inject('host') === 'next') {
    site = new URL(baseUrl()).origin;
  } else {
    own = await startServer({ host: 'next', db: inject('dbKind') as DbKind });
    site = new URL(own.baseUrl).origin;
  }
});
afterAll(async () => own?.stop());

describe('GET /docs (API reference)', () => {
  it('answers 200 with an HTML page that renders the gateway’s OpenAPI document', async () => {
    const res = await fetch(`${site}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>API reference · Payment Network Gateway</title>');
    // Linked for readers and loaded by Swagger UI.
    expect(html).toContain('<a href="/api/v1/csp/openapi.json">openapi.json</a>');
    expect(html).toMatch(/SwaggerUIBundle\(\{\s*url: '\/api\/v1\/csp\/openapi\.json'/);

    // The document it references is the gateway's, with every operation.
    const docUrl = /url: '([^']+)'/.exec(html)![1]!;
    const doc = await fetch(new URL(docUrl, site));
    expect(doc.status).toBe(200);
    const body = await doc.json();
    expect(body.openapi).toBe('3.1.0');
    expect(body.info.title).toBe('Payment Network Gateway');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/csp/organization',
        '/api/v1/csp/payments',
        '/api/v1/csp/operator/organizations/{org_id}/reject',
      ]),
    );
  });

  it('serves the page’s script and stylesheet from the app itself (no CDN)', async () => {
    const html = await (await fetch(`${site}/docs`)).text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.sort()).toEqual(['/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css']);
    const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/ };
    for (const asset of assets) {
      const res = await fetch(new URL(asset, site));
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-type'), asset).toMatch(types[asset.split('.').pop()!]!);
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(10_000);
    }
    expect(html).not.toMatch(/https?:\/\//);
    expect((await fetch(`${site}/docs/assets/other.js`)).status).toBe(404);
  });
});
