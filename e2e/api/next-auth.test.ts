import { describe, expect, inject, it } from 'vitest';
import { baseUrl, createOrg } from './helpers';

// next-auth's own routes (/api/auth/*) on the Next.js host: every answer carries the hardening
// headers the dashboard's pages carry, with a policy that runs no script (its pages have none);
// and where it sends a browser after a sign-in or sign-out stays on the dashboard's origin
// (docs/decisions.md, "next-auth's own answers" and "Where a sign-in goes on to").

const origin = () => new URL(baseUrl()).origin;

/** next-auth's CSRF token and the cookie that pairs with it. */
async function csrf(): Promise<{ csrfToken: string; cookie: string }> {
  const res = await fetch(`${origin()}/api/auth/csrf`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { csrfToken: ((await res.json()) as { csrfToken: string }).csrfToken, cookie };
}

function expectHardened(res: Response, what: string) {
  const policy = res.headers.get('content-security-policy')?.split('; ') ?? [];
  expect(policy, what).toEqual(expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'"]));
  expect(
    policy.some((d) => d.startsWith('script-src')),
    what,
  ).toBe(false);
  expect(
    {
      'x-frame-options': res.headers.get('x-frame-options'),
      'x-content-type-options': res.headers.get('x-content-type-options'),
      'referrer-policy': res.headers.get('referrer-policy'),
    },
    what,
  ).toEqual({
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
}

describe.runIf(inject('host') === 'next')("next-auth's routes", () => {
  it('carry the hardening headers on every answer: pages, JSON, redirects, refusals', async () => {
    const get = (path: string) => fetch(`${origin()}${path}`, { redirect: 'manual' });
    const answers: Array<[string, Response, number]> = [
      ['session', await get('/api/auth/session'), 200],
      ['csrf', await get('/api/auth/csrf'), 200],
      ['providers', await get('/api/auth/providers'), 200],
      ['sign-in page (a redirect to /signin)', await get('/api/auth/signin'), 302],
      ['sign-out page', await get('/api/auth/signout'), 200],
      ['error page', await get('/api/auth/error?error=Configuration'), 500],
      ['error page, access denied', await get('/api/auth/error?error=AccessDenied'), 403],
    ];
    const { csrfToken, cookie } = await csrf();
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${origin()}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
        body,
      });
    const wrong = new URLSearchParams({
      csrfToken,
      email: 'nobody@example.test',
      password: 'wrong-password',
    });
    answers.push(
      ['a refused sign-in', await post('/api/auth/callback/credentials', wrong.toString()), 302],
      [
        'a cross-origin post',
        await post('/api/auth/signout', `csrfToken=${csrfToken}`, { origin: 'http://evil.example' }),
        403,
      ],
      ['a body over 64 KiB', await post('/api/auth/callback/credentials', 'a'.repeat(70_000)), 413],
    );
    for (const [what, res, status] of answers) {
      expect(res.status, what).toBe(status);
      expectHardened(res, what);
    }
    // Cookies are still set (the CSRF pair), and pages still render.
    expect(answers[1]![1].headers.getSetCookie().some((c) => c.includes('csrf-token='))).toBe(true);
    expect(await answers[4]![1].text()).toContain('Are you sure you want to sign out?');
  });

  it('send the browser after a sign-out only to a path of their own origin', async () => {
    const signOutTowards = async (callbackUrl: string) => {
      const { csrfToken, cookie } = await csrf();
      const res = await fetch(`${origin()}/api/auth/signout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ csrfToken, callbackUrl, json: 'true' }),
      });
      expect(res.status).toBe(200);
      return new URL(((await res.json()) as { url: string }).url);
    };
    // next-auth's own origin: NEXTAUTH_URL's, or what it guesses without one.
    const own = await signOutTowards('/payments');
    expect(own.pathname).toBe('/payments');
    for (const hostile of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '/%5Cevil.example',
    ]) {
      const url = await signOutTowards(hostile);
      expect(`${url.origin}${url.pathname}`, hostile).toBe(`${own.origin}/`);
    }
  });

  it('still sign in', async () => {
    const org = await createOrg();
    const { csrfToken, cookie } = await csrf();
    const res = await fetch(`${origin()}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrfToken, email: org.email, password: org.password }),
    });
    expect(res.headers.getSetCookie().some((c) => c.includes('session-token='))).toBe(true);
    expectHardened(res, 'a sign-in');
  });
});
