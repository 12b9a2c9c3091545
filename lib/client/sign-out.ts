'use client';

import { PARTNER_COOKIE } from '@/lib/domain/partner-cookie';
import { sameOriginPath } from '@/lib/security/redirect-target';

/**
 * next-auth's sign-out (CSRF token, then POST /api/auth/signout, which clears the session cookie),
 * without importing next-auth/react: its regenerator-compiled client is ~8 kB gzipped on every
 * dashboard page for this one call. Also deletes the selected-namespace cookie.
 */
export async function signOut(callbackUrl = '/signin'): Promise<void> {
  // The namespace choice is the user's (saved as preferred_partner_id), not this browser's.
  document.cookie = `${PARTNER_COOKIE}=; path=/; samesite=lax; max-age=0`;
  const { csrfToken } = (await fetch('/api/auth/csrf').then((r) => r.json())) as { csrfToken: string };
  await fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl, json: 'true' }),
  });
  window.location.href = sameOriginPath(callbackUrl, window.location.origin);
}
