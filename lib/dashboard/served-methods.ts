/**
 * The methods each path of the Next.js host takes (docs/decisions.md, "Methods a path does not
 * take"), for lib/dashboard/method-guard.ts, which refuses the others before Next.js sees them.
 * Pure: a table and its lookup; lib/dashboard/served-methods.test.ts holds the table to the route
 * handlers' exports.
 */

/** The gateway's catch-all route (app/api/v1/csp/[[...path]]): the gateway knows its own paths. */
export const GATEWAY_PREFIX = '/api/v1/csp';

/**
 * The dashboard's route handlers, by their folder under app/, and the methods each takes: its
 * exports, HEAD where it has GET (Next.js answers HEAD with GET), and OPTIONS, which Next.js
 * answers itself (204 and `Allow`) for a handler that is not static.
 */
export const ROUTE_HANDLERS: Readonly<Record<string, readonly string[]>> = {
  '/api/auth/[...nextauth]': ['GET', 'HEAD', 'POST', 'OPTIONS'],
  '/api/invitation/[token]': ['POST', 'OPTIONS'],
  '/api/passkey-signin': ['POST', 'OPTIONS'],
  '/api/proxy/[...path]': ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  '/api/signup': ['POST', 'OPTIONS'],
  '/docs': ['GET', 'HEAD'],
  '/docs/assets/[file]': ['GET', 'HEAD', 'OPTIONS'],
};

/** Pages, the not-found page and static files: read only (the dashboard has no server actions). */
export const PAGE_METHODS: readonly string[] = ['GET', 'HEAD'];

/** `[name]` is one segment, `[...name]` one or more. */
const COMPILED = Object.entries(ROUTE_HANDLERS).map(([folder, methods]) => ({
  pattern: new RegExp(
    `^${folder
      .replace(/\[\.\.\.[^\]]+\]/g, '.+')
      .replace(/\[[^\]]+\]/g, '[^/]+')
      .replace(/-/g, '\\-')}$`,
  ),
  methods,
}));

/**
 * What takes `pathname` (as sent, its trailing slash ignored): `'gateway'`, which decides for its
 * own paths, or the methods the dashboard's route handler or page there takes.
 */
export function servedMethods(pathname: string): 'gateway' | readonly string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === GATEWAY_PREFIX || path.startsWith(`${GATEWAY_PREFIX}/`)) return 'gateway';
  return COMPILED.find((route) => route.pattern.test(path))?.methods ?? PAGE_METHODS;
}
