import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dbKind, OPERATOR } from './helpers';
import { freePort } from '../ports';
import { startServer } from './server';

// The dashboard served over HTTPS, as in production behind a TLS-terminating load balancer
// (NEXTAUTH_URL names the https address; README, docs/decisions.md "Browser hardening"): browsers are told to keep to HTTPS
// (HSTS, upgrade-insecure-requests) and the session and CSRF cookies are `Secure` with the
// `__Secure-`/`__Host-` prefixes. Over plain HTTP (the rest of the suites) neither is sent —
// e2e/dashboard/security-headers.spec.ts checks that side in the browser. Its pages' https origin
// is the dashboard's own, though requests reach it over http (docs/decisions.md "Cross-origin requests").
describe.runIf(inject('host') === 'next' && dbKind() === 'pglite')('the dashboard served over HTTPS', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startServer({
      host: 'next',
      db: 'pglite',
      port,
      env: { NEXTAUTH_URL: `https://127.0.0.1:${port}` },
    });
  });
  afterAll(() => server?.stop());

  /** The Set-Cookie line of the cookie named `name`, whole. */
  const cookieLine = (res: Response, name: string) =>
    res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

  it('tells the browser to keep to HTTPS and never to frame the pages', async () => {
    const res = await fetch(`${origin}/signin`);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const policy = res.headers.get('content-security-policy')!.split('; ');
    expect(policy).toContain('upgrade-insecure-requests');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy.find((d) => d.startsWith('script-src'))).toMatch(/^script-src 'self' 'nonce-[^']+'/);
    expect(policy.find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
  });

  it('signs in with Secure, HttpOnly, SameSite=Lax cookies', async () => {
    const csrf = await fetch(`${origin}/api/auth/csrf`);
    const csrfCookie = cookieLine(csrf, '__Host-next-auth.csrf-token');
    expect(csrfCookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };

    const signedIn = await fetch(`${origin}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: csrfCookie!.split(';')[0]!,
      },
      body: new URLSearchParams({
        csrfToken,
        email: OPERATOR.email,
        password: OPERATOR.password,
        json: 'true',
      }),
    });
    expect(signedIn.status, await signedIn.clone().text()).toBeLessThan(400);
    const session = cookieLine(signedIn, '__Secure-next-auth.session-token');
    expect(session).toBeDefined();
    expect(session).toMatch(/; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    // No cookie without the prefix: a plain-HTTP page cannot overwrite the session.
    expect(cookieLine(signedIn, 'next-auth.session-token')).toBeUndefined();
  });

  it("takes a change from its pages' https origin, though the request arrives over http", async () => {
    const https = origin.replace(/^http:/, 'https:');
    const signUp = (from: string) =>
      fetch(`${origin}/api/signup`, {
        method: 'POST',
        headers: {
          origin: from,
          'sec-fetch-site': 'same-origin',
          'x-csp-dashboard': '1',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          name: 'Served Bank',
          admin_email: `https-${crypto.randomUUID().slice(0, 8)}@example.test`,
          admin_password: 'correct-horse-battery',
        }),
      });
    // A plain-HTTP page of the same host is another origin.
    const plain = await signUp(origin);
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({
      code: 'error.forbidden',
      message: `Cross-origin request refused: Origin ${origin} is not this dashboard's (${https})`,
    });
    const ours = await signUp(https);
    expect(ours.status, await ours.clone().text()).toBe(200);
  });
});
