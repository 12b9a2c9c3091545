/**
 * Where the dashboard may send a browser it was asked to send somewhere (`/signin?callbackUrl=…`,
 * next-auth's `redirect` callback): a path of its own origin, or the overview (docs/decisions.md,
 * "Where a sign-in goes on to"). Pure: the sign-in form gives it the page's origin, next-auth its
 * base URL.
 */

/** Where a refused or missing target goes instead. */
const DEFAULT_REDIRECT_PATH = '/';

/**
 * `target` as a path of `origin` (`/payments?status=1#top`), or `/`. The target is read as the
 * browser would read it — relative to `origin`, backslashes as slashes, tabs and newlines dropped —
 * and refused unless that lands on `origin`: another host (`https://evil.example`,
 * `//evil.example`, `/\evil.example`), another scheme (`javascript:`, `data:`). What is answered is
 * the parsed path, never the input, so what was checked is what is navigated to; a path that
 * another decoding would turn into a host (`//…`, `/%5C…`, `/%2F…`) is refused too.
 */
export function sameOriginPath(target: string | null | undefined, origin: string): string {
  if (!target) return DEFAULT_REDIRECT_PATH;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return DEFAULT_REDIRECT_PATH;
  }
  if (url.origin === 'null' || url.origin !== new URL(origin).origin) return DEFAULT_REDIRECT_PATH;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return DEFAULT_REDIRECT_PATH;
  }
  // `http://own//evil.example` is of this origin, but its path alone is a protocol-relative URL.
  if (/^[/\\]{2}/.test(decoded) || /[\u0000-\u001f\u007f]/.test(decoded)) return DEFAULT_REDIRECT_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
