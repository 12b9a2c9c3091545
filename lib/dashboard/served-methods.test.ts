import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY_PREFIX, PAGE_METHODS, ROUTE_HANDLERS, servedMethods } from './served-methods';

const APP = path.resolve(import.meta.dirname, '../../app');
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Every route handler under app/: its folder as a URL (route groups left out) and its source. */
function routeHandlers(): Array<[string, string]> {
  return readdirSync(APP, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)route\.tsx?$/.test(file))
    .map((file) => {
      const folder = `/${path.dirname(file)}`.replace(/\/\([^)]+\)/g, '');
      return [folder === '/.' ? '/' : folder, readFileSync(path.join(APP, file), 'utf8')];
    });
}

/** The methods a route module exports (`export const GET`, `export async function GET`, `export { a as GET }`). */
function exportedMethods(source: string): string[] {
  const named = [...source.matchAll(/export\s+(?:const|(?:async\s+)?function)\s+([A-Z]+)\b/g)].map(
    (m) => m[1]!,
  );
  const listed = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  );
  return [...named, ...listed].filter((name) => HTTP_METHODS.includes(name));
}

describe('the Next.js host’s table of methods', () => {
  it('lists every route handler of app/ with its exports, HEAD with GET and OPTIONS unless static', () => {
    const found: Record<string, string[]> = {};
    for (const [folder, source] of routeHandlers()) {
      if (folder.startsWith(GATEWAY_PREFIX)) continue;
      const methods = new Set(exportedMethods(source));
      if (methods.has('GET')) methods.add('HEAD');
      if (!/export const dynamic = 'force-static'/.test(source)) methods.add('OPTIONS');
      found[folder] = HTTP_METHODS.filter((m) => methods.has(m));
    }
    const table = Object.fromEntries(
      Object.entries(ROUTE_HANDLERS).map(([folder, methods]) => [
        folder,
        HTTP_METHODS.filter((m) => methods.includes(m)),
      ]),
    );
    expect(table).toEqual(found);
  });

  it('has the gateway’s catch-all, which decides for its own paths', () => {
    expect(routeHandlers().map(([folder]) => folder)).toContain(`${GATEWAY_PREFIX}/[[...path]]`);
    for (const p of [
      '/api/v1/csp',
      '/api/v1/csp/',
      '/api/v1/csp/health',
      '/api/v1/csp/payments/x/submissions',
    ])
      expect(servedMethods(p)).toBe('gateway');
  });

  it.each([
    ['/api/auth/session', ROUTE_HANDLERS['/api/auth/[...nextauth]']],
    ['/api/auth/callback/credentials', ROUTE_HANDLERS['/api/auth/[...nextauth]']],
    ['/api/signup', ['POST', 'OPTIONS']],
    ['/api/signup/', ['POST', 'OPTIONS']],
    ['/api/invitation/inv_1', ['POST', 'OPTIONS']],
    ['/api/proxy/payments/p1', ROUTE_HANDLERS['/api/proxy/[...path]']],
    ['/docs', ['GET', 'HEAD']],
    ['/docs/assets/swagger-ui.css', ['GET', 'HEAD', 'OPTIONS']],
    ['/', PAGE_METHODS],
    ['/payments', PAGE_METHODS],
    ['/signin', PAGE_METHODS],
    ['/_next/static/chunks/a.js', PAGE_METHODS],
    ['/api/v1', PAGE_METHODS],
    ['/api/v1/cspx', PAGE_METHODS],
    ['/api/signup/more', PAGE_METHODS],
    ['/api/invitation', PAGE_METHODS],
  ])('%s takes %j', (pathname, methods) => {
    expect(servedMethods(pathname)).toEqual(methods);
  });
});
