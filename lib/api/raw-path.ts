/**
 * Request paths that are not valid percent-encoded UTF-8 (`%zz`, a lone `%`, `%ED%A0%80`) name no
 * resource and are refused before anything else, with the same answer on both hosts: the gateway
 * checks in its first middleware, and the Next.js host in its proxy, because Next.js's router
 * fails on such a path with a 500 of its own before a route handler runs. No server-only imports:
 * the proxy uses this module too.
 */

/** The largest request body the gateway (and the dashboard's proxy in front of it) reads. */
export const MAX_BODY_BYTES = 64 * 1024;
export const NOT_PERCENT_ENCODED_UTF8 = 'not valid percent-encoded UTF-8';
export const UNDECODABLE_PATH_MESSAGE = `path: ${NOT_PERCENT_ENCODED_UTF8}`;

/** Whether each segment of a raw (still encoded) path decodes. */
export function isDecodablePath(rawPath: string): boolean {
  if (!rawPath.includes('%')) return true;
  for (const segment of rawPath.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The first query parameter of a request URL whose name or value is not valid percent-encoded
 * UTF-8 (`q=%ED%A0%80`, the UTF-8 form of a lone surrogate): its name, decoded where it can be.
 * Hono keeps such an escape as literal text; the gateway refuses it, as it does in a path.
 */
export function undecodableQueryParam(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  if (!query.includes('%')) return undefined;
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    try {
      decode(name);
      if (eq >= 0) decode(pair.slice(eq + 1));
    } catch {
      try {
        return decode(name);
      } catch {
        return name;
      }
    }
  }
  return undefined;
}

/** The raw path of a request URL, as sent: no decoding, no query. */
export function rawPathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  return url.slice(start, query < 0 ? undefined : query);
}

/** A request id as the gateway takes one from `X-Request-Id`, or a new one (`make`). */
export function requestIdFrom(
  incoming: string | null | undefined,
  make: () => string = () => crypto.randomUUID(),
): string {
  return incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : make();
}
