/**
 * The namespace selected in the shell's switcher, kept in a cookie so the server renders pages in
 * it. The cookie is the browser's, not the user's: its value names the user who chose it
 * (`<user id>:<partner id>`) and is ignored for anyone else, who gets their own saved
 * `preferred_partner_id` instead. Signing out deletes it.
 */
export const PARTNER_COOKIE = 'csp_partner';

/** The proxy's query parameter naming the namespace of a link (a file download sends no header). */
export const PARTNER_PARAM = 'partner';

export function partnerCookieValue(userId: string, partnerId: string): string {
  return `${userId}:${partnerId}`;
}

/** The partner id the cookie holds for `userId`, or null (no cookie, another user's, or malformed). */
export function partnerFromCookie(value: string | undefined, userId: string | undefined): string | null {
  if (!value || !userId) return null;
  const sep = value.indexOf(':');
  if (sep < 0 || value.slice(0, sep) !== userId) return null;
  return value.slice(sep + 1) || null;
}
