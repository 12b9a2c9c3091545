import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { GatewayEnv } from '@/lib/api/env';
import type { OpenApiDocument } from './examples';
import { postmanCollection } from './postman';
import { withCodeSamples } from './samples';
import { nullableReferences } from './nullables';
import { withLinks } from './links';

type DocumentConfig = Parameters<OpenAPIHono<GatewayEnv>['getOpenAPI31Document']>[0];

/**
 * The address a client reached this deployment at, for the document's `servers` and samples:
 * the request's host, with the scheme a TLS-terminating proxy says it received (the document
 * is a description, not a credential: a wrong Host only misleads the one who sent it).
 */
function requestOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1);
  // The Host the client sent: the Next.js host rebuilds the request's URL on its own address.
  const host = c.req.header('host');
  return `${scheme}://${host && /^[\w.-]+(:\d+)?$|^\[[\da-f:]+\](:\d+)?$/i.test(host) ? host : url.host}`;
}

/**
 * `GET /openapi.json` (the document, with `servers` and every operation's `x-codeSamples` made for
 * the address it was requested at) and `GET /postman.json` (the same as a Postman collection).
 * The document is built once; its per-address forms are kept for the few addresses a deployment
 * answers at.
 */
export function registerReferenceRoutes(app: OpenAPIHono<GatewayEnv>, config: DocumentConfig): void {
  let base: OpenApiDocument | undefined;
  const byOrigin = new Map<string, { document: string; postman: string }>();
  const forOrigin = (origin: string) => {
    base ??= withLinks(nullableReferences(app.getOpenAPI31Document(config) as unknown as OpenApiDocument));
    let built = byOrigin.get(origin);
    if (!built) {
      const document = {
        ...withCodeSamples(base, origin),
        servers: [{ url: origin, description: 'This deployment' }],
      };
      built = {
        document: JSON.stringify(document),
        postman: JSON.stringify(postmanCollection(base, origin), null, 2),
      };
      if (byOrigin.size >= 16) byOrigin.delete(byOrigin.keys().next().value!);
      byOrigin.set(origin, built);
    }
    return built;
  };
  const headers = { 'Content-Type': 'application/json; charset=UTF-8', Vary: 'Host, X-Forwarded-Proto' };
  app.get('/openapi.json', (c) => c.body(forOrigin(requestOrigin(c)).document, 200, headers));
  app.get('/postman.json', (c) =>
    c.body(forOrigin(requestOrigin(c)).postman, 200, {
      ...headers,
      'Content-Disposition': 'attachment; filename="payment-network-gateway.postman_collection.json"',
    }),
  );
}
